package org.logplab.core.collective.broadcast;

import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.optimal.OptimalRole;
import org.logplab.core.collective.optimal.OptimalTree;
import org.logplab.core.collective.optimal.TreeCache;

/**
 * Optimal single-item broadcast on LogP (Shou and Chen (1997), §1-2, after Karp, Sahay, Santos and
 * Schauser; docs/algorithms.md §4) to an arbitrary ordered group with the source at any index:
 * every member that holds the item sends it as early and as often as it can, on the
 * {@link OptimalTree} of the group's size. Member {@code (source + j) mod K} is node {@code j} in
 * preorder, the seed's {@code (P_i - P_0) mod P} renaming.
 *
 * <pre>{@code
 * Broadcast b = new OptimalBroadcast();
 * long t = b.predict(LogP.of(6, 2, 4, 8), 8, 0, 8);   // 24, the seed's T*(8; 6, 2, 4)
 * }</pre>
 *
 * <p><b>Time.</b> Under the rules of docs/algorithms.md §1 a member that has received at {@code t}
 * gets its k-th child's receive done at {@code t + D + k*I} with {@code D = o + (b-1)G + L + o}
 * and {@code I = max(g, o + (b-1)G)} for a {@code b}-byte payload: the seed's labels with
 * {@code L + 2o} and {@code g}, generalised to {@code g < o} and LogGP. {@link #predict} is the
 * tree's largest label {@code T*}, exact; no broadcast tree does better (Theorem 1), so
 * {@code predict} is a lower bound for every {@link Broadcast} here. The seed's bounds hold:
 * {@code min(I, D) log2 K <= T* < max(I, D) log2(4K)}.
 *
 * <p>Roles are computed per member in {@code O(depth * fan-out)} cached count evaluations; the
 * tree for a payload size is built once per {@code (params, size, bytes)} and cached. Thread-safe.
 */
public final class OptimalBroadcast implements Broadcast {
    private final int payloadBytes;
    private final TreeCache trees = new TreeCache();

    /** Optimal for 8-byte payloads (any payload when {@code G = 0}). */
    public OptimalBroadcast() {
        this(8);
    }

    /**
     * Optimal for payloads of {@code payloadBytes} bytes. With {@code G > 0} the tree's shape
     * depends on the payload size, and a member must know its parent before the payload arrives,
     * so the size is fixed up front; a payload of another size is then rejected (see
     * {@link #forPayload}).
     */
    public OptimalBroadcast(int payloadBytes) {
        if (payloadBytes < 0) {
            throw new IllegalArgumentException("payload size must not be negative, got " + payloadBytes);
        }
        this.payloadBytes = payloadBytes;
    }

    /** An optimal broadcast for {@code bytes}-byte payloads. */
    @Override
    public Broadcast forPayload(int bytes) {
        return bytes == payloadBytes ? this : new OptimalBroadcast(bytes);
    }

    @Override
    public String name() {
        return "optimal";
    }

    @Override
    public Object broadcast(Processor p, Group group, Object payload) {
        int me = group.indexOf(p.rank());
        if (me < 0) {
            return null;
        }
        int size = group.size();
        int source = group.sourceIndex();
        OptimalRole role = tree(p.params(), size, payloadBytes).role(Math.floorMod(me - source, size));
        Object value = payload;
        int bytes = payloadBytes;
        if (!role.isRoot()) {
            Message m = p.recv(group.rank((role.parent() + source) % size));
            if (m.tag() != TAG) {
                throw new IllegalStateException("expected a message tagged " + TAG + " from rank " + m.source()
                        + ", got " + m);
            }
            value = m.payload();
            bytes = m.bytes();
        } else if (role.children().length > 0) {
            bytes = Message.inferBytes(payload);
            checkPayload(p.params(), size, bytes);
        }
        for (int child : role.children()) {
            p.send(group.rank((child + source) % size), TAG, value, bytes);
        }
        return value;
    }

    @Override
    public long predict(LogP params, int size, int sourceIndex, int bytes) {
        if (size < 1) {
            throw new IllegalArgumentException("a group has at least 1 member, got " + size);
        }
        if (sourceIndex < 0 || sourceIndex >= size) {
            throw new IllegalArgumentException("source index " + sourceIndex + " is outside 0.." + (size - 1));
        }
        return tree(params, size, bytes).time();
    }

    /** The tree for {@code bytes}-byte payloads, which must be this instance's size unless {@code G = 0}. */
    private OptimalTree tree(LogP params, int size, int bytes) {
        checkPayload(params, size, bytes);
        long busy = params.sendBusy(payloadBytes);
        return trees.get(busy + params.L() + params.o(), Math.max(params.g(), busy), size);
    }

    private void checkPayload(LogP params, int size, int bytes) {
        if (bytes != payloadBytes && params.G() != 0 && size > 1) {
            throw new IllegalArgumentException("this optimal broadcast is built for " + payloadBytes
                    + "-byte payloads and G = " + params.G() + " > 0 makes the tree depend on the size; got "
                    + bytes + " bytes: use new OptimalBroadcast(" + bytes + ")");
        }
    }

    @Override
    public String toString() {
        return "OptimalBroadcast";
    }
}
