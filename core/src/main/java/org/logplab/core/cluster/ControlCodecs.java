package org.logplab.core.cluster;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.logplab.core.Processor;
import org.logplab.core.RunResult;
import org.logplab.core.runtime.NodeSnapshot;
import org.logplab.core.runtime.RecvAnyRule;
import org.logplab.core.wire.MalformedFrameException;
import org.logplab.core.wire.PayloadCodec;

/**
 * The payloads of the control frames that carry one ({@link FrameKind#REPORT}, {@link FrameKind#LET_GO},
 * {@link FrameKind#END}, {@link FrameKind#FAIL}): a record each and its {@link PayloadCodec},
 * little-endian, every length written before what it counts. Decoding checks that the bytes are
 * exactly what the encoder could have written and throws {@link MalformedFrameException} otherwise;
 * whether the values fit the run (ranks of the sender, the run's P) the receiver checks.
 */
final class ControlCodecs {
    private ControlCodecs() {
    }

    /**
     * Node 0's word that these ranks' {@code recvAny} may go.
     *
     * @param seq the let-go's number, which the node echoes in its next report
     * @param ranks the node's ranks that may go
     */
    record LetGo(long seq, int[] ranks) {
    }

    /**
     * The end of a run, from node 0: every rank's finish time and message totals, and what was left unreceived.
     *
     * @param finish each rank's finish time, clock units
     * @param sent messages each rank sent
     * @param received messages each rank received
     * @param inFlight messages nobody received, by source and destination
     */
    record RunEnd(long[] finish, long[] sent, long[] received, List<RunResult.InFlight> inFlight) {
    }

    /**
     * A failure, told to every node.
     *
     * @param rank the rank that failed, or -1 for the cluster itself (a lost peer, a deadlock)
     * @param text what happened
     */
    record FailureNotice(int rank, String text) {
    }

    static final PayloadCodec<LetGo> LET_GO = new Codec<>(FrameKind.LET_GO, LetGo.class) {
        @Override
        public int encodedLength(LetGo v) {
            return 8 + 4 + 4 * v.ranks().length;
        }

        @Override
        void write(LetGo v, Writer w) {
            w.putLong(v.seq());
            w.putInt(v.ranks().length);
            for (int r : v.ranks()) {
                w.putInt(r);
            }
        }

        @Override
        LetGo read(Reader r) {
            long seq = r.getLong();
            int[] ranks = new int[r.count(4)];
            for (int i = 0; i < ranks.length; i++) {
                ranks[i] = r.getInt();
            }
            return new LetGo(seq, ranks);
        }
    };

    static final PayloadCodec<RunEnd> END = new Codec<>(FrameKind.END, RunEnd.class) {
        @Override
        public int encodedLength(RunEnd v) {
            return 4 + 24 * v.finish().length + 4 + 16 * v.inFlight().size();
        }

        @Override
        void write(RunEnd v, Writer w) {
            int p = v.finish().length;
            if (v.sent().length != p || v.received().length != p) {
                throw new IllegalArgumentException("an END needs as many totals as finish times");
            }
            w.putInt(p);
            for (long[] a : new long[][] {v.finish(), v.sent(), v.received()}) {
                for (long x : a) {
                    w.putLong(x);
                }
            }
            writeInFlight(v.inFlight(), w);
        }

        @Override
        RunEnd read(Reader r) {
            int p = r.count(24);
            long[][] a = new long[3][p];
            for (long[] column : a) {
                for (int i = 0; i < p; i++) {
                    column[i] = r.getLong();
                }
            }
            return new RunEnd(a[0], a[1], a[2], readInFlight(r));
        }
    };

    static final PayloadCodec<FailureNotice> FAIL = new Codec<>(FrameKind.FAIL, FailureNotice.class) {
        @Override
        public int encodedLength(FailureNotice v) {
            return 4 + 4 + v.text().getBytes(StandardCharsets.UTF_8).length;
        }

        @Override
        void write(FailureNotice v, Writer w) {
            byte[] text = v.text().getBytes(StandardCharsets.UTF_8);
            w.putInt(v.rank());
            w.putInt(text.length);
            w.putBytes(text);
        }

        @Override
        FailureNotice read(Reader r) {
            int rank = r.getInt();
            if (rank < -1) {
                throw new MalformedFrameException("a failure of rank " + rank);
            }
            return new FailureNotice(rank, new String(r.bytes(r.count(1)), StandardCharsets.UTF_8));
        }
    };

    /**
     * A {@link Report}: 1-byte status and waiter kind, the rest as the record holds them; a rank whose
     * receive waits for one tag has {@link #TAGGED} set in its status byte and its tag after its counts.
     */
    static final PayloadCodec<Report> REPORT = new Codec<>(FrameKind.REPORT, Report.class) {
        private static final int RANK_BYTES = 4 + 1 + 4 + 1 + 8 + 8 + 8 + 8 + 8 + 8;
        /** In a rank's status byte: a 4-byte tag follows its counts. */
        private static final int TAGGED = 0x80;

        @Override
        public int encodedLength(Report v) {
            int tagged = 0;
            for (NodeSnapshot.Rank rank : v.snapshot().ranks()) {
                tagged += rank.tag() == Processor.ANY_TAG ? 0 : 1;
            }
            return 8 + 4 + 16 * v.sentTo().length + 4 + RANK_BYTES * v.snapshot().ranks().size() + 4 * tagged
                    + 4 + 16 * v.snapshot().leftovers().size();
        }

        @Override
        void write(Report v, Writer w) {
            w.putLong(v.appliedSeq());
            w.putInt(v.sentTo().length);
            for (long x : v.sentTo()) {
                w.putLong(x);
            }
            for (long x : v.receivedFrom()) {
                w.putLong(x);
            }
            w.putInt(v.snapshot().ranks().size());
            for (NodeSnapshot.Rank rank : v.snapshot().ranks()) {
                RecvAnyRule.Waiter waiter = rank.waiter();
                w.putInt(rank.rank());
                boolean tagged = rank.tag() != Processor.ANY_TAG;
                w.putByte(rank.status().ordinal() | (tagged ? TAGGED : 0));
                w.putInt(rank.peer());
                w.putByte(waiter == null ? 0 : waiter.message() ? 2 : 1);
                w.putLong(waiter == null ? 0 : waiter.action());
                w.putLong(waiter == null ? 0 : waiter.earliestNextArrival());
                w.putLong(waiter == null ? 0 : waiter.key());
                w.putLong(rank.finish());
                w.putLong(rank.sent());
                w.putLong(rank.received());
                if (tagged) {
                    w.putInt(rank.tag());
                }
            }
            writeInFlight(v.snapshot().leftovers(), w);
        }

        @Override
        Report read(Reader r) {
            long seq = r.getLong();
            int n = r.count(16);
            long[] sent = new long[n];
            long[] received = new long[n];
            for (int i = 0; i < n; i++) {
                sent[i] = r.getLong();
            }
            for (int i = 0; i < n; i++) {
                received[i] = r.getLong();
            }
            int count = r.count(RANK_BYTES);
            NodeSnapshot.Status[] statuses = NodeSnapshot.Status.values();
            List<NodeSnapshot.Rank> ranks = new ArrayList<>(count);
            for (int k = 0; k < count; k++) {
                int rank = r.getInt();
                int status = r.getByte();
                boolean tagged = (status & TAGGED) != 0;
                status &= ~TAGGED;
                int peer = r.getInt();
                int waiterKind = r.getByte();
                long action = r.getLong();
                long earliest = r.getLong();
                long key = r.getLong();
                if (status >= statuses.length || waiterKind > 2) {
                    throw new MalformedFrameException("a report with rank status " + status + " and waiter kind "
                            + waiterKind);
                }
                RecvAnyRule.Waiter waiter = waiterKind == 0 ? null : new RecvAnyRule.Waiter(rank, waiterKind == 2,
                        action, earliest, key);
                long finish = r.getLong();
                long rankSent = r.getLong();
                long rankReceived = r.getLong();
                int tag = tagged ? r.getInt() : Processor.ANY_TAG;
                if (tagged && tag == Processor.ANY_TAG) {
                    throw new MalformedFrameException("a report whose rank " + rank
                            + " is marked tagged with ANY_TAG (-1)");
                }
                ranks.add(new NodeSnapshot.Rank(rank, statuses[status], peer, waiter, finish, rankSent,
                        rankReceived, tag));
            }
            return new Report(seq, sent, received, new NodeSnapshot(ranks, readInFlight(r)));
        }
    };

    private static void writeInFlight(List<RunResult.InFlight> left, Writer w) {
        w.putInt(left.size());
        for (RunResult.InFlight f : left) {
            w.putInt(f.source());
            w.putInt(f.destination());
            w.putLong(f.count());
        }
    }

    private static List<RunResult.InFlight> readInFlight(Reader r) {
        int k = r.count(16);
        List<RunResult.InFlight> left = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            int source = r.getInt();
            int destination = r.getInt();
            long count = r.getLong();
            if (source < 0 || destination < 0 || count < 1) {
                throw new MalformedFrameException("messages in flight " + source + " -> " + destination + " x "
                        + count);
            }
            left.add(new RunResult.InFlight(source, destination, count));
        }
        return left;
    }

    /** A control payload's codec: typed encoding through a {@link Writer}, decoding through a bounds-checked {@link
     * Reader}. */
    private abstract static class Codec<T> implements PayloadCodec<T> {
        private final FrameKind kind;
        private final Class<T> type;

        Codec(FrameKind kind, Class<T> type) {
            this.kind = kind;
            this.type = type;
        }

        /** The frame kind's code: control payloads travel after the kind byte, outside any {@code WireCodec}. */
        @Override
        public int typeId() {
            return kind.code;
        }

        @Override
        public Class<T> type() {
            return type;
        }

        @Override
        public void encode(T value, MutableDirectBuffer buffer, int offset) {
            Writer w = new Writer(buffer, offset);
            write(value, w);
            if (w.at != offset + encodedLength(value)) {
                throw new IllegalStateException(kind + " wrote " + (w.at - offset) + " bytes, not "
                        + encodedLength(value));
            }
        }

        @Override
        public T decode(DirectBuffer buffer, int offset, int length) {
            Reader r = new Reader(buffer, offset, length, kind);
            T value = read(r);
            if (r.at != r.end) {
                throw new MalformedFrameException("a " + kind + " frame with " + (r.end - r.at) + " trailing bytes");
            }
            return value;
        }

        abstract void write(T value, Writer w);

        abstract T read(Reader r);
    }

    private static final class Writer {
        private final MutableDirectBuffer buffer;
        private int at;

        Writer(MutableDirectBuffer buffer, int offset) {
            this.buffer = buffer;
            this.at = offset;
        }

        void putByte(int v) {
            buffer.putByte(at, (byte) v);
            at += 1;
        }

        void putInt(int v) {
            buffer.putInt(at, v);
            at += 4;
        }

        void putLong(long v) {
            buffer.putLong(at, v);
            at += 8;
        }

        void putBytes(byte[] v) {
            buffer.putBytes(at, v);
            at += v.length;
        }
    }

    private static final class Reader {
        private final DirectBuffer buffer;
        private final int end;
        private final FrameKind kind;
        private int at;

        Reader(DirectBuffer buffer, int offset, int length, FrameKind kind) {
            if (offset < 0 || length < 0 || (long) offset + length > buffer.capacity()) {
                throw new MalformedFrameException("a " + kind + " payload of " + length + " bytes at " + offset
                        + " overruns its buffer of " + buffer.capacity());
            }
            this.buffer = buffer;
            this.at = offset;
            this.end = offset + length;
            this.kind = kind;
        }

        private void need(int bytes) {
            if (end - at < bytes) {
                throw new MalformedFrameException("a truncated " + kind + " frame: " + bytes + " more bytes needed, "
                        + (end - at) + " left");
            }
        }

        int getByte() {
            need(1);
            return buffer.getByte(at++) & 0xFF;
        }

        int getInt() {
            need(4);
            int v = buffer.getInt(at);
            at += 4;
            return v;
        }

        long getLong() {
            need(8);
            long v = buffer.getLong(at);
            at += 8;
            return v;
        }

        /** A count of items of at least {@code bytesEach} bytes that the rest of the frame can hold. */
        int count(int bytesEach) {
            int n = getInt();
            if (n < 0 || (long) n * bytesEach > end - at) {
                throw new MalformedFrameException("a " + kind + " frame counts " + n + " items of " + bytesEach
                        + " bytes in " + (end - at) + " bytes");
            }
            return n;
        }

        byte[] bytes(int n) {
            need(n);
            byte[] a = new byte[n];
            buffer.getBytes(at, a);
            at += n;
            return a;
        }
    }
}
