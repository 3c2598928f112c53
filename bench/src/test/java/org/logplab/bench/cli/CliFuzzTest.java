package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every command driven with random and extreme arguments, seeded (the seed is printed with any
 * failing case; {@code -Dlogplab.fuzz.seed=N} replays another). Each case is a command, up to
 * four of its own options with values drawn from a pool of ordinary, extreme and malformed ones,
 * and, in most cases, one argument that must be refused before any work starts (a value beyond a
 * limit, out of range, of the wrong type, an unknown option, a path that cannot be used): the
 * commands that start processes ({@code launch}, {@code node}, {@code hop}, {@code jmh}) and the
 * demo always get one. The rest are small valid runs of the quick commands.
 *
 * <p>For every case: the exit code is 0, 1 or 2; it ends within {@value #CASE_SECONDS} s; no
 * stream shows an exception's name or a stack trace ({@code Exception}, {@code Error:},
 * {@code \tat }); on exit 1 or 2 exactly one line of standard error starts with
 * {@code logplab:}, and what follows it is nothing or, on exit 2 only, the command's usage
 * exactly (what picocli prints after a usage error), with nothing on standard output; on exit 0
 * no line starts with {@code logplab:}. Files may be written only in the case's temporary folder:
 * the working directory's files (but {@code target/}) are the same after the test as before.
 */
@Tag("fuzz")
class CliFuzzTest {
    private static final int CASES = 400;
    private static final int CASE_SECONDS = 10;

    /** Values of every kind an option may be given. */
    private static final List<String> VALUES = List.of("0", "1", "2", "3", "8", "-1", "-7", "64", "1000", "100000000",
            "2147483648", "9999999999999999999", "1e9", "0.5", "NaN", "", " ", "abc", ",", "..", "1..5", "5..1",
            "1..100000000",
            "2^8", "2^40", "1,2", "-", "--", "%s", "'\"", "1ns", "50us", "10s", "1h", "-5us", "8", "1k", "1G", "2G",
            "model", "wall",
            "binomial", "auto", "butterfly", "poisson", "seed", "uts", "hotspot", "light", "udp", "ipc", "ring", "fft",
            "all",
            "off", "1/3", "aeron-ipc", "127.0.0.1:1", "127.0.0.1:99999");

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void everyCommandAnswersRandomAndExtremeArgumentsInOneLineWithAnExitCodeOfZeroOneOrTwo(@TempDir Path tmp)
            throws Exception {
        long seed = Long.getLong("logplab.fuzz.seed", 19);
        Random random = new Random(seed);
        Path here = Path.of("").toAbsolutePath();
        TreeSet<String> before = files(here);
        CommandLine reference = LogPlabCli.commandLine(new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()));
        List<String> commands = new ArrayList<>(reference.getSubcommands().keySet());
        commands.remove("help");
        Path existing = Files.writeString(tmp.resolve("existing-file"), "not JSON\n");
        Path jmhResults = Files.writeString(tmp.resolve("jmh.json"), "["
                + JmhReportCommandTest.result("ChannelBenchmark.pingPong",
                "avgt", "{\"impl\":\"runtime\"}", 700, 10, "ns/op") + ","
                + JmhReportCommandTest.result("ChannelBenchmark.pingPong",
                "avgt", "{\"impl\":\"raw\"}", 350, 10, "ns/op") + "]");
        // the program of `logplab run`'s cases, beside the JMH results (QUICK finds it there)
        Files.writeString(tmp.resolve("Ring.java"), RunCommandTest.RING);
        // the schedules of `logplab goal`'s cases: one that runs (QUICK finds it beside the JMH results), malformed
        // ones, and one that cannot finish
        Files.writeString(tmp.resolve("pingpong.goal"), GoalCommandTest.PING_PONG);
        for (Map.Entry<String, String> bad : MALFORMED_GOAL.entrySet()) {
            Files.writeString(tmp.resolve(bad.getKey()), bad.getValue());
        }
        ExecutorService runner = Executors.newCachedThreadPool(r -> Thread.ofPlatform().daemon(true).unstarted(r));
        long start = System.nanoTime();
        int[] byCode = new int[3];
        try {
            for (int i = 0; i < CASES; i++) {
                String command = commands.get(random.nextInt(commands.size()));
                List<String> args = caseFor(command, reference.getSubcommands().get(command), random, tmp, existing,
                        jmhResults);
                String label = "seed " + seed + ", case " + i + ": logplab "
                        + String.join(" ", args.stream().map(a -> "'" + a + "'").toList());
                Future<CliTest.Outcome> run = runner.submit(() -> CliTest.run(args.toArray(String[]::new)));
                CliTest.Outcome o;
                try {
                    o = run.get(CASE_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    throw new AssertionError(label + ": still running after " + CASE_SECONDS + " s");
                }
                check(label, reference.getSubcommands().get(command).getUsageMessage(), o);
                byCode[o.code()]++;
            }
        } finally {
            runner.shutdownNow();
        }
        System.out.printf("CliFuzzTest: %d cases (seed %d) in %.1f s: exit 0 %d, exit 1 %d, exit 2 %d%n", CASES, seed,
                (System.nanoTime() - start) / 1e9, byCode[0], byCode[1], byCode[2]);
        assertThat(files(here)).as("files outside the temporary folder").isEqualTo(before);
        assertThat(byCode[2]).as("refused cases").isGreaterThan(CASES / 2);
        assertThat(byCode[0]).as("cases that ran").isPositive();
    }

    /** The assertions every case must pass. */
    private static void check(String label, String usage, CliTest.Outcome o) {
        assertThat(o.code()).as(label + "\n" + o.err()).isBetween(0, 2);
        for (String stream : List.of(o.out(), o.err())) {
            assertThat(stream).as(label + ": a trace or an exception's name\n" + stream)
                    .doesNotContain("Exception", "Error:", "\tat ");
        }
        List<String> lines = o.err().lines().toList();
        List<Integer> logplab = new ArrayList<>();
        for (int k = 0; k < lines.size(); k++) {
            if (lines.get(k).startsWith("logplab:")) {
                logplab.add(k);
            }
        }
        if (o.code() == 0) {
            assertThat(logplab).as(label + ": a logplab: line on success\n" + o.err()).isEmpty();
            return;
        }
        assertThat(logplab).as(label + ": one logplab: line\n" + o.err()).hasSize(1);
        String after = String.join("\n", lines.subList(logplab.get(0) + 1, lines.size()));
        if (o.code() == 2) {
            assertThat(o.out()).as(label + ": output of a refused run").isEmpty();
            if (!after.isEmpty()) {
                assertThat(after.stripTrailing()).as(label + ": what follows the logplab: line")
                        .isEqualTo(usage.stripTrailing());
            }
        } else {
            assertThat(after).as(label + ": lines after the logplab: line of a failed run").isEmpty();
        }
    }

    /** One case of {@code command}: random options of its own, and mostly one argument it must refuse. */
    private static List<String> caseFor(String command, CommandLine cli, Random random, Path tmp, Path existing,
            Path jmhResults) {
        boolean startsProcesses = List.of("launch", "node", "hop", "jmh", "demo").contains(command);
        List<String> args = new ArrayList<>();
        boolean valid = !startsProcesses && random.nextInt(5) == 0 && QUICK.containsKey(command);
        if (valid) {
            args.addAll(QUICK.get(command).apply(random, jmhResults));
            if (random.nextBoolean()) {
                args.add(random.nextBoolean() ? "--json" : "--csv");
            }
        } else {
            List<CommandLine.Model.OptionSpec> options = cli.getCommandSpec().options().stream()
                    .filter(o -> !o.usageHelp() && !o.versionHelp() && !o.hidden()).toList();
            int count = random.nextInt(5);
            for (int k = 0; k < count && !options.isEmpty(); k++) {
                CommandLine.Model.OptionSpec option = options.get(random.nextInt(options.size()));
                args.add(option.longestName());
                if (option.arity().max() > 0) {
                    args.add(value(random, tmp, existing));
                }
            }
            List<String> refusal = refusal(command, random, tmp, existing);
            // before or after the other options, never between an option and its value
            args.addAll(random.nextBoolean() ? 0 : args.size(), refusal);
            if ("jmh".equals(command)) {
                args.addAll(List.of("--jar", tmp.resolve("none.jar")
                        .toString())); // no JMH process, whatever else the case says
            }
        }
        args.add(0, command);
        return args;
    }

    private static String value(Random random, Path tmp, Path existing) {
        return switch (random.nextInt(8)) {
            case 0 -> tmp.resolve("new-" + random.nextInt(1000) + ".json").toString();
            case 1 -> random.nextBoolean() ? existing.toString() : tmp.toString();
            case 2 -> "/nonexistent/dir/x.json";
            default -> VALUES.get(random.nextInt(VALUES.size()));
        };
    }

    /** Arguments {@code command} refuses before it starts any work (exit 2). */
    private static List<String> refusal(String command, Random random, Path tmp, Path existing) {
        List<List<String>> own = switch (command) {
            case "collective" -> List.of(List.of("--P", "100000000"), List.of("--P", "0"), List.of("--algo", "nope"),
                    List.of("--reps", "-1", "--clock", "wall"), List.of("--trace", "/nonexistent/dir/t.json"),
                    List.of("--P", "100000", "--clock", "wall"), List.of("--goal-out", "/nonexistent/dir/s.goal"),
                    List.of("--goal-out", tmp.resolve("s.goal").toString(), "--clock", "wall"));
            case "goal" -> {
                List<List<String>> cases = new ArrayList<>();
                MALFORMED_GOAL.keySet().stream().sorted().forEach(f -> cases.add(List.of(tmp.resolve(f).toString())));
                String pp = tmp.resolve("pingpong.goal").toString();
                cases.addAll(List.of(List.of(tmp.resolve("none.goal").toString()), List.of(existing.toString()),
                        List.of(tmp.toString()), List.of(pp, "--quirks", "nope"), List.of(pp, "--S", "-1"),
                        List.of(pp, "--L", "2147483648"), List.of(pp, "--clock", "wall"),
                        List.of(pp, "--trace", "/nonexistent/dir/t.json"), List.of(pp, "--loggopsim",
                        "/nonexistent/bin"), List.of(pp, "--loggopsim", tmp.toString())));
                yield cases;
            }
            case "summation" -> List.of(List.of("--P", "100000000"), List.of("--N", "0"), List.of("--N",
                    "1000000000000000"),
                    List.of("--P", "0"), List.of("--goal-out", "/nonexistent/dir/s.goal"));
            case "gossip" -> List.of(List.of("--n", "1"), List.of("--n", "100000"), List.of("--algo", "nope"));
            case "ktree" -> List.of(List.of("--m", "0"), List.of("--n", "0"), List.of("--k", "0"), List.of("--m",
                    "100000000"));
            case "fft" -> List.of(List.of("--n", "3"), List.of("--p", "3"), List.of("--reps", "2"), List.of("--n",
                    "2^24", "--reps", "1000"),
                    List.of("--clock", "model", "--engine", "forkjoin"), List.of("--L", "5"));
            case "balance" -> List.of(List.of("--nodes", "1000000"), List.of("--nodes", "0"), List.of("--reps", "0"),
                    List.of("--workload", "nope"), List.of("--workload", "poisson", "--load", "99"),
                    List.of("--policy", "forkjoin"),
                    List.of("--sweep", "--workload", "seed"), List.of("--workload", "poisson", "--tasks", "0"));
            case "scale" -> List.of(List.of("--P", "100000000"), List.of("--seconds", "0"), List.of("--seconds",
                    "3600"),
                    List.of("--algo", "nope"));
            case "measure" -> List.of(List.of("--L", "10s"), List.of("--reps", "0"), List.of("--n", "1"),
                    List.of("--transport", "nope"),
                    List.of("--peer", "127.0.0.1:1"));
            case "pingpong" -> List.of(List.of("--sizes", "2G"), List.of("--reps", "0"), List.of("--transport", "nope"),
                    List.of("--sizes", "64M", "--reps", "100000"));
            case "jmh-report" -> List.of(List.of(tmp.resolve("none.json").toString()), List.of(tmp.toString()),
                    List.of(existing.toString()));
            case "node" -> List.of(List.of("--job", "ring", "--P", "0", "--peers", "127.0.0.1:1"),
                    List.of("--peers-file", "/nonexistent/peers"), List.of("--job", "nope", "--P", "4", "--peers",
                    "127.0.0.1:1"),
                    List.of("--job", "ring", "--P", "4", "--peers", "127.0.0.1:1", "--node", "5"));
            case "launch" -> List.of(List.of("--nodes", "0"), List.of("--P", "0"), List.of("--job", "nope"),
                    List.of("--nodes", "1000"),
                    List.of("--P", "100000000"));
            case "hop" -> List.of(List.of("--rounds", "0"), List.of("--media", "nope"), List.of("--rounds",
                    "1000000000"));
            case "jmh" -> List.of(List.of("--jar", "/nonexistent/benchmarks.jar"), List.of("--alternate", "1"),
                    List.of("--alternate", "3", "-f", "2"), List.of("--alternate", "101"));
            case "streams" -> List.of(List.of("--senders", "0"), List.of("--messages", "0"), List.of("--reps", "0"),
                    List.of("--messages", "1000000000"));
            case "versus" -> List.of(List.of("--rounds", "0"), List.of("--rounds", "5000"), List.of("--peers", "nope"),
                    List.of("--exchange-log2", "30"), List.of("--tests", "nope"));
            case "demo" -> List.of(List.of("--out", existing.toString()), List.of("--latency", "nope"));
            case "new" -> List.of(List.of("1algo"), List.of("my algo"), List.of("ring", "--package", "org.1x"),
                    List.of("ring", "--dir", existing.toString()), List.of("ring", "--dir", tmp.toString()));
            case "run" -> List.of(List.of(tmp.resolve("None.java").toString()), List.of(existing.toString()),
                    List.of(tmp.resolve("Ring.java").toString(), "--predict", "P*("),
                    List.of(tmp.resolve("Ring.java").toString(), "--clock", "sundial"),
                    List.of(tmp.resolve("Ring.java").toString(), "--trace", "/nonexistent/dir/t.json"),
                    List.of(tmp.resolve("Ring.java").toString(), "--P", "100000000"));
            default -> List.of();
        };
        return switch (random.nextInt(own.isEmpty() ? 3 : 6)) {
            case 0 -> List.of("--no-such-option-" + random.nextInt(100));
            case 1 -> List.of("--json", "--csv");
            case 2 -> List.of("--version-of-nothing", "x");
            default -> own.get(random.nextInt(own.size()));
        };
    }

    /** GOAL files `logplab goal` refuses (exit 2), and one it runs that cannot finish (exit 1), by name. */
    private static final Map<String, String> MALFORMED_GOAL = Map.of(
            "syntax.goal", "num_ranks 2\nrank 0 {\nl1: send 8 to 1\n}\nrank 1 {\n}\n",
            "cycle.goal", "num_ranks 1\nrank 0 {\na: calc 1\nb: calc 2\na requires b\nb irequires a\n}\n",
            "undefined.goal", "num_ranks 1\nrank 0 {\na: calc 1\na requires b\n}\n",
            "order.goal", "num_ranks 2\nrank 1 {\n}\nrank 0 {\n}\n",
            "range.goal", "num_ranks 1\nrank 0 {\nsend 1b to 7\n}\n",
            "unclosed.goal", "num_ranks 1\nrank 0 {\ncalc 5\n",
            "binary.goal", "\u0000\u0001\u00ff{}",
            "empty.goal", "",
            "stuck.goal", "num_ranks 2\nrank 0 {\nrecv 8b from 1 tag 1\n}\nrank 1 {\nsend 8b to 0 tag 2\n}\n");

    /** Small valid runs of the quick commands, with random small parameters. */
    private static final Map<String, java.util.function.BiFunction<Random, Path, List<String>>> QUICK = Map.of(
            "collective", (r, f) -> List.of("--algo", List.of("binomial", "fibonacci", "optimal", "auto", "butterfly",
            "tree-reduce")
                    .get(r.nextInt(6)), "--P", Integer.toString(1 + r.nextInt(16)), "--L",
                    Integer.toString(r.nextInt(20)),
                    "--o", Integer.toString(r.nextInt(5)), "--g", Integer.toString(r.nextInt(10))),
            "summation", (r, f) -> List.of("--P", Integer.toString(1 + r.nextInt(8)), "--N", Integer.toString(1
            + r.nextInt(200))),
            "gossip", (r, f) -> List.of("--n", Integer.toString(2 + r.nextInt(5))),
            "ktree", (r, f) -> List.of("--m", Integer.toString(1 + r.nextInt(5)), "--n", Integer.toString(1
            + r.nextInt(9)),
                    "--k", Integer.toString(1 + r.nextInt(3))),
            "fft", (r, f) -> List.of("--clock", "model", "--n", "2^" + (2 + r.nextInt(6)), "--p", r.nextBoolean() ? "1"
            : "2"),
            "goal", (r, f) -> List.of(f.resolveSibling("pingpong.goal").toString(), "--L", Integer.toString(r.nextInt(
                    3000)), "--o", Integer.toString(r.nextInt(2000)), "--G", Integer.toString(r.nextInt(10)), "--S",
                    Integer.toString(r.nextInt(16)), r.nextBoolean() ? "--no-loggopsim" : "--quirks=none"),
            "jmh-report", (r, f) -> List.of(f.toString()),
            "run", (r, f) -> List.of(f.resolveSibling("Ring.java").toString(), "--P", Integer.toString(1
            + r.nextInt(8)), "--cache-dir", f.resolveSibling("run-cache").toString()));

    /** The files below {@code dir}, but those under {@code target/} (the build's own). */
    private static TreeSet<String> files(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            TreeSet<String> names = new TreeSet<>();
            all.map(p -> dir.relativize(p).toString()).filter(p -> !p.equals("target") && !p.startsWith("target/"))
                    .forEach(names::add);
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
