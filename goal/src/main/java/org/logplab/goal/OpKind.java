package org.logplab.goal;

/**
 * What one operation of a GOAL schedule does. The codes are LogGOPSim's ({@code OP_SEND = 1},
 * {@code OP_RECV = 2}, {@code OP_LOCOP = 3}): it queues the operations that become ready together
 * in the order of these codes, sends first.
 */
public enum OpKind {
    /** {@code send <size>b to <rank>}: a message of {@code size} bytes. */
    SEND("send"),
    /** {@code recv <size>b from <rank|-1>}: a receive; {@code -1} takes a message from any source. */
    RECV("recv"),
    /** {@code calc <time>}: computation for {@code time} model units. */
    CALC("calc");

    private static final OpKind[] BY_CODE = {null, SEND, RECV, CALC};

    private final String keyword;

    OpKind(String keyword) {
        this.keyword = keyword;
    }

    /** The keyword GOAL writes the operation with. */
    public String keyword() {
        return keyword;
    }

    /** LogGOPSim's code: 1 for a send, 2 for a receive, 3 for a calc. */
    public byte code() {
        return (byte) (ordinal() + 1);
    }

    /** The kind of LogGOPSim code {@code code} (1, 2 or 3). */
    public static OpKind of(int code) {
        return BY_CODE[code];
    }
}
