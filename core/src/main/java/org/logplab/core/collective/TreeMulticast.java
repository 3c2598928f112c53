package org.logplab.core.collective;

import org.logplab.core.Message;
import org.logplab.core.Processor;

/**
 * The processor code shared by the split-tree multicasts: a member computes its role with
 * {@link SplitTree#role}, receives from its parent (unless it is the source) and forwards the
 * payload to its children in order. Stateless and thread-safe.
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
        TreeRole role = SplitTree.role(rule, group.size(), group.sourceIndex(), me);
        Object value = payload;
        int bytes = 0;
        if (!role.isSource()) {
            Message m = p.recv(group.rank(role.parent()));
            if (m.tag() != tag) {
                throw new IllegalStateException("expected a message tagged " + tag + " from rank "
                        + m.source() + ", got " + m);
            }
            value = m.payload();
            bytes = m.bytes();
        } else if (role.children().length > 0) {
            // Inferred once here, and only when there is someone to send to, so that a lone source
            // may pass a payload whose size the runtime cannot infer.
            bytes = Message.inferBytes(payload);
        }
        for (int child : role.children()) {
            p.send(group.rank(child), tag, value, bytes);
        }
        return value;
    }
}
