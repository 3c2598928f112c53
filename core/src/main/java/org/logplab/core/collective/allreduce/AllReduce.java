package org.logplab.core.collective.allreduce;

import java.util.function.LongBinaryOperator;
import org.logplab.core.LogP;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.broadcast.Broadcast;

/**
 * Every member of a {@link Group} contributes a value and every member ends with the combination
 * of all of them under an associative and commutative operator (sum, max, ...).
 *
 * <p>Same contract as {@link Broadcast}: called by every processor; non-members return
 * {@code 0} at once; roles computed locally; the latest member finish time of a model-clock run
 * equals {@link #predict} exactly. Each combination of two values is charged
 * {@code combineCost} model units of {@code compute}. Messages are tagged {@link #TAG}.
 */
public interface AllReduce {

    /** The tag of all-reduce messages. */
    int TAG = 0xA11;

    /** Short name as used on the command line, e.g. {@code butterfly}. */
    String name();

    /** Contributes {@code value}; returns the combination of every member's value. */
    long allReduce(Processor p, Group group, long value, LongBinaryOperator op, long combineCost);

    /** Model time for a group of {@code size} members, all idle at 0, with 8-byte values. */
    long predict(LogP params, int size, long combineCost);
}
