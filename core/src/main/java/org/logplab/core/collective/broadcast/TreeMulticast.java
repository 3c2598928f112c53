package org.logplab.core.collective.broadcast;

import org.logplab.core.Message;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;

/**
 * The processor code shared by the split-tree multicasts: a member walks the tree down to its own
 * segment ({@link TreeWalk}), receives from its parent (unless it is the source) and forwards the
 * payload to its children in order. Nothing is allocated per call but the messages' own; the
 * {@code long} form sends primitive messages and allocates nothing. Stateless and thread-safe.
 */
final class TreeMulticast {

    private TreeMulticast() {
    }

    /**
     * Runs one processor's part of a multicast over {@code group} on the tree of {@code rule};
     * returns the source's payload on members and {@code null} on non-members.
     *
     * @throws IllegalStateException if a member receives a message with another tag (a previous
     *     collective left messages behind)
     */
    static Object run(Processor p, Group group, Object payload, SplitRule rule, int tag) {
        int me = group.indexOf(p.rank());
        if (me < 0) {
            return null;
        }
        TreeWalk walk = new TreeWalk(rule, group.size(), group.sourceIndex(), me);
        int parent = walk.descend();
        Object value = payload;
        int bytes = 0;
        if (parent >= 0) {
            Message m = p.recv(group.rank(parent));
            if (m.tag() != tag) {
                throw new IllegalStateException("expected a message tagged " + tag + " from rank "
                        + m.source() + ", got " + m);
            }
            value = m.payload();
            bytes = m.bytes();
        } else if (walk.hasChild()) {
            // Inferred once here, and only when there is someone to send to, so that a lone source
            // may pass a payload whose size the runtime cannot infer.
            bytes = Message.inferBytes(payload);
        }
        while (walk.hasChild()) {
            p.send(group.rank(walk.nextChild()), tag, value, bytes);
        }
        return value;
    }

    /** As {@link #run} for one {@code long}, in primitive messages; non-members return 0. */
    static long runLong(Processor p, Group group, long payload, SplitRule rule, int tag) {
        int me = group.indexOf(p.rank());
        if (me < 0) {
            return 0;
        }
        TreeWalk walk = new TreeWalk(rule, group.size(), group.sourceIndex(), me);
        int parent = walk.descend();
        long value = parent >= 0 ? p.recvLong(group.rank(parent), tag) : payload;
        while (walk.hasChild()) {
            p.sendLong(group.rank(walk.nextChild()), tag, value);
        }
        return value;
    }
}
