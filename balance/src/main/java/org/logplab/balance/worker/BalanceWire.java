package org.logplab.balance.worker;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.logplab.balance.workload.Task;
import org.logplab.core.wire.MalformedFrameException;
import org.logplab.core.wire.PayloadCodec;
import org.logplab.core.wire.WireCodec;

/**
 * The balancers' own payload type on the wire, so that their nodes can run in separate processes:
 * a migration batch (type id {@value #BATCH_TYPE}) is its task count (4 bytes), each task's id,
 * cost and release (8 each), origin and depth (4 each), then the sender's queued work (8). Every
 * other balancing message is a built-in {@code long[]}.
 */
public final class BalanceWire {
    /** The batch's payload type id. */
    public static final int BATCH_TYPE = 64;

    private BalanceWire() {
    }

    /** A wire codec that knows the built-in payloads and the balancers' batches. */
    public static WireCodec codec() {
        return new WireCodec().register(new BatchCodec());
    }

    private static final class BatchCodec implements PayloadCodec<Batch> {
        @Override
        public int typeId() {
            return BATCH_TYPE;
        }

        @Override
        public Class<Batch> type() {
            return Batch.class;
        }

        @Override
        public int encodedLength(Batch value) {
            return 4 + value.tasks().length * Task.WIRE_BYTES + 8;
        }

        @Override
        public void encode(Batch value, MutableDirectBuffer buffer, int offset) {
            Task[] tasks = value.tasks();
            buffer.putInt(offset, tasks.length);
            int o = offset + 4;
            for (Task t : tasks) {
                buffer.putLong(o, t.id());
                buffer.putLong(o + 8, t.cost());
                buffer.putLong(o + 16, t.release());
                buffer.putInt(o + 24, t.origin());
                buffer.putInt(o + 28, t.depth());
                o += Task.WIRE_BYTES;
            }
            buffer.putLong(o, value.senderWork());
        }

        @Override
        public Batch decode(DirectBuffer buffer, int offset, int length) {
            if (length < 12) {
                throw new MalformedFrameException("a task batch has at least 12 bytes, got " + length);
            }
            int count = buffer.getInt(offset);
            if (count < 0 || (long) count * Task.WIRE_BYTES + 12 != length) {
                throw new MalformedFrameException("a batch of " + count + " tasks cannot take " + length + " bytes");
            }
            Task[] tasks = new Task[count];
            int o = offset + 4;
            for (int i = 0; i < count; i++) {
                tasks[i] = new Task(buffer.getLong(o), buffer.getLong(o + 8), buffer.getLong(o + 16),
                        buffer.getInt(o + 24), buffer.getInt(o + 28));
                o += Task.WIRE_BYTES;
            }
            return new Batch(tasks, buffer.getLong(o));
        }
    }
}
