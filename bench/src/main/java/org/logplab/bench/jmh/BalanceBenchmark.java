package org.logplab.bench.jmh;

import java.time.Duration;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.logplab.balance.BalanceConfig;
import org.logplab.balance.BalanceResult;
import org.logplab.balance.BalanceRun;
import org.logplab.balance.ForkJoinReference;
import org.logplab.balance.Topology;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.workload.UtsWorkload;
import org.logplab.balance.workload.Workload;
import org.logplab.bench.JvmFlags;
import org.logplab.core.ClockKind;
import org.logplab.core.Machine;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The balancers' task throughput on the tree workload (a UTS binomial tree of 2,901 tasks, each
 * busy 1 to 2 us) on 2 nodes of the wall clock with nothing injected, against the JDK
 * {@code ForkJoinPool} running the same tree on 2 threads, in the same JMH run: tasks per
 * millisecond, higher is better. Each operation runs the whole tree and checks that every task
 * ran exactly once. Both sides keep their threads between operations, as one keeps a pool: ours
 * runs on a {@link Machine} that stays up, the peer on one {@link ForkJoinPool}, both made in
 * {@link #setUp} and closed in {@link #tearDown}.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar BalanceBenchmark -rf json -rff balance.json
 * ./logplab jmh-report balance.json
 * </pre>
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = JvmFlags.OPEN_INTERNAL_UNSAFE)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BalanceBenchmark {
    static final int TASKS = 2901;

    /** The LogP Lab policy measured by {@link #ours}. */
    @Param({"light", "heavy", "bidirectional", "stealing", "adaptive"})
    public String policy;

    private BalanceConfig ours;
    private BalanceConfig peer;
    private Machine machine;
    private ForkJoinPool pool;

    @Setup
    public void setUp() {
        // Costs 50..150 on capacity 100: 1 or 2 time units of 1 us.
        Workload tree = UtsWorkload.binomial(1);
        if (tree.all().size() != TASKS) {
            throw new IllegalStateException("the tree has " + tree.all().size() + " tasks, expected " + TASKS);
        }
        long[] capacities = {100, 100};
        ours = new BalanceConfig(tree, capacities, Topology.COMPLETE, Policies.parse(policy), 0, 0, 0, ClockKind.WALL,
                1_000, 1,
                Duration.ofMinutes(1));
        peer = new BalanceConfig(tree, capacities, Topology.COMPLETE, Policies.parse("none"), 0, 0, 0, ClockKind.WALL,
                1_000, 1,
                Duration.ofMinutes(1));
        machine = Machine.open(BalanceRun.runConfig(ours));
        pool = new ForkJoinPool(capacities.length);
    }

    /** Closes the machine and the pool. */
    @TearDown
    public void tearDown() {
        machine.close();
        pool.shutdownNow();
    }

    /** The tree on two LogP nodes balanced by {@link #policy}. */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public long ours() {
        return checked(BalanceRun.run(machine, ours));
    }

    /** The same tree on a two-thread ForkJoinPool. */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public long forkjoinpool() {
        return checked(ForkJoinReference.run(pool, peer));
    }

    private static long checked(BalanceResult r) {
        if (!r.exactlyOnce()) {
            throw new IllegalStateException(r.tasksDone() + " of " + r.tasks() + " task executions");
        }
        return r.makespan();
    }
}
