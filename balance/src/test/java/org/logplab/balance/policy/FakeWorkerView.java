package org.logplab.balance.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A worker of rank 0 for policy unit tests: its domain is every other rank, it has a queue of task
 * costs (oldest first) and the loads it believes its members have, and it records what it sends
 * instead of sending it.
 */
final class FakeWorkerView implements WorkerView {
    final long[] capacities;
    final int[] domain;
    final long[] known;
    final List<Long> queue = new ArrayList<>();
    final List<Integer> notices = new ArrayList<>();
    final List<long[]> migrations = new ArrayList<>();
    final List<Integer> steals = new ArrayList<>();
    final List<long[]> requests = new ArrayList<>();
    final List<Integer> denials = new ArrayList<>();
    long[] logP = {0, 0, 0};
    SplittableRandom random = new SplittableRandom(1);
    boolean mayMigrate = true;

    FakeWorkerView(long[] capacities, long... known) {
        this.capacities = capacities;
        this.known = known;
        this.domain = new int[capacities.length - 1];
        for (int k = 0; k < domain.length; k++) {
            domain[k] = k + 1;
        }
    }

    FakeWorkerView queue(long... costs) {
        for (long c : costs) {
            queue.add(c);
        }
        return this;
    }

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public int nodes() {
        return capacities.length;
    }

    @Override
    public int[] domain() {
        return domain;
    }

    @Override
    public long capacity() {
        return capacities[0];
    }

    @Override
    public long capacityOf(int j) {
        return capacities[j];
    }

    @Override
    public long now() {
        return 0;
    }

    @Override
    public long timeUnit() {
        return 1;
    }

    @Override
    public long[] logP() {
        return logP.clone();
    }

    @Override
    public long queuedWork() {
        return queue.stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public int queuedTasks() {
        return queue.size();
    }

    @Override
    public double busyFraction() {
        return 0;
    }

    @Override
    public long knownWork(int j) {
        return known[j];
    }

    @Override
    public void assumeWork(int j, long work) {
        known[j] = work;
    }

    @Override
    public SplittableRandom random() {
        return random;
    }

    @Override
    public void notifyDomain(int state) {
        notices.add(state);
    }

    @Override
    public void notify(int j, int state) {
        notices.add(state);
    }

    @Override
    public void request(int j, long work) {
        requests.add(new long[] {j, work});
    }

    @Override
    public void steal(int j) {
        steals.add(j);
    }

    /** From the chosen end, as Worker does: tasks while within the amount, one more if that comes nearer. */
    @Override
    public long migrate(int j, long work, boolean newest) {
        if (!mayMigrate || work <= 0) {
            return 0;
        }
        long moved = 0;
        while (!queue.isEmpty()) {
            int end = newest ? queue.size() - 1 : 0;
            long c = queue.get(end);
            if (moved + c > work && moved + c - work >= work - moved) {
                break;
            }
            queue.remove(end);
            moved += c;
            if (moved >= work) {
                break;
            }
        }
        if (moved > 0) {
            migrations.add(new long[] {j, moved});
        }
        return moved;
    }

    @Override
    public void deny(int j) {
        denials.add(j);
    }

    @Override
    public void wakeAt(long time) {
    }
}
