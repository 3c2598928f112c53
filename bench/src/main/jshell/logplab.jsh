// What `./logplab shell` imports after jshell's DEFAULT startup (java.util.*, java.nio.file.*, java.io.*
// and others): java.util again, for a startup without DEFAULT, and LogP Lab's public API, that of the
// core and the collectives and measurement built on it. Their simple names do not clash.
import java.util.*;
import org.logplab.core.*;
import org.logplab.core.collective.*;
import org.logplab.core.collective.allreduce.*;
import org.logplab.core.collective.broadcast.*;
import org.logplab.core.collective.summation.*;
import org.logplab.core.measure.*;
