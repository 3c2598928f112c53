package org.logplab.fft;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code Codelets.java}, the straight-line decimation-in-frequency codelets of the serial FFT, from one
 * definition: {@link #dif} is the DIF of {@code n} points as radix-4 stages of span {@code n, n/4, ...} (then
 * radix-2 pairs when {@code log2 n} is odd), each butterfly {@link #butterfly4} exactly as the loop kernel
 * {@code Radix4.butterflies} computes it, with its twiddles as constants ({@code cos, sin} of
 * {@code 2 pi k j / m}) and the trivial ones ({@code 1} and {@code -i}) folded away. Every size comes in the
 * four {@link Form}s, which differ only in their loads and stores.
 *
 * <p>The expressions keep the loop kernel's operands and order, so a codelet's results depend only on the
 * definition, not on how its lines are printed. Constants come from {@link StrictMath}, so the file is the
 * same on every JVM. {@code CodeletsSourceTest} fails when the checked-in file differs from what this class
 * writes; run it with {@code -Dcodelets.regenerate} to rewrite the file (the command is in its header).
 */
final class CodeletGenerator {
    /** The generated file, relative to the fft module's directory (where the tests run). */
    static final Path TARGET = Path.of("src/main/java/org/logplab/fft/Codelets.java");
    /** The command that rewrites {@link #TARGET}, from the repository's root (two comment lines). */
    static final String REGENERATE = "./mvnw -B -ntp -q -pl fft -am test -Dtest=CodeletsSourceTest \\\n"
            + "//     -Dsurefire.failIfNoSpecifiedTests=false -Dcodelets.regenerate";
    /** The codelet sizes, in the order they appear in the file. */
    static final int[] SIZES = {16, 8, 4};
    /** Doubles between consecutive output points in the buffer of {@code FinalPass} (its rows of 16 points). */
    static final int BUFFER_STRIDE = 32;

    private CodeletGenerator() {
    }

    /** Where a codelet reads its input and writes its output. */
    enum Form {
        /** Forward, in place. */
        IN_PLACE("", false, false),
        /** Inverse ({@code scale * conj(dif(conj(x)))}), in place. */
        INVERSE("Inverse", true, false),
        /** Forward, from the array into the buffer. */
        TO("To", false, true),
        /** Inverse, from the array into the buffer. */
        INVERSE_TO("InverseTo", true, true);

        final String suffix;
        final boolean inverse;
        final boolean toBuffer;

        Form(String suffix, boolean inverse, boolean toBuffer) {
            this.suffix = suffix;
            this.inverse = inverse;
            this.toBuffer = toBuffer;
        }
    }

    /** A complex value of the straight-line code: the names (or expressions) of its two parts. */
    record Complex(String re, String im) {
    }

    /** The statements of one method body: each operation a fresh local {@code tN}. */
    static final class Body {
        private final StringBuilder text = new StringBuilder();
        private int next = 1;

        String let(String expression) {
            String name = "t" + next++;
            line("double " + name + " = " + expression + ";");
            return name;
        }

        void line(String statement) {
            text.append("        ").append(statement).append('\n');
        }

        Complex add(Complex x, Complex y) {
            return new Complex(let(x.re + " + " + y.re), let(x.im + " + " + y.im));
        }

        Complex sub(Complex x, Complex y) {
            return new Complex(let(x.re + " - " + y.re), let(x.im + " - " + y.im));
        }

        /** {@code -i (x - y)}, as the loop kernel forms it: {@code (x.im - y.im, y.re - x.re)}. */
        Complex minusITimesDifference(Complex x, Complex y) {
            return new Complex(let(x.im + " - " + y.im), let(y.re + " - " + x.re));
        }

        /** {@code x w^e}, {@code w = e^{-2 pi i / m}}: {@code (xr c + xi s, xi c - xr s)}, {@code c, s} constants. */
        Complex twiddle(Complex x, int e, int m) {
            if (e % m == 0) {
                return x;
            }
            if (4 * e == m) {
                return new Complex(x.im, let("-" + x.re));
            }
            double angle = 2 * StrictMath.PI * e / m;
            String c = Double.toString(StrictMath.cos(angle));
            String s = Double.toString(StrictMath.sin(angle));
            return new Complex(let(x.re + " * " + c + " + " + x.im + " * " + s),
                    let(x.im + " * " + c + " - " + x.re + " * " + s));
        }
    }

    /**
     * The DIF of the points {@code v} (bit-reversed output, in place in {@code v}): radix-4 stages from span
     * {@code n} down to 4, then radix-2 pairs if one radix-2 stage is left.
     */
    static void dif(Body body, Complex[] v) {
        int n = v.length;
        int span = n;
        for (; span >= 4; span >>>= 2) {
            int q = span >>> 2;
            for (int block = 0; block < n; block += span) {
                for (int j = 0; j < q; j++) {
                    butterfly4(body, v, block + j, q, j, span);
                }
            }
        }
        if (span == 2) {
            for (int i = 0; i < n; i += 2) {
                Complex x = v[i];
                Complex y = v[i + 1];
                v[i] = body.add(x, y);
                v[i + 1] = body.sub(x, y);
            }
        }
    }

    /**
     * Butterfly {@code j} of a radix-4 stage of span {@code m}, on the points {@code i, i+q, i+2q, i+3q}: they
     * become the outputs {@code k = 0, 2, 1, 3}, the last three multiplied by {@code w^{kj}}.
     */
    static void butterfly4(Body body, Complex[] v, int i, int q, int j, int m) {
        Complex x0 = v[i];
        Complex x1 = v[i + q];
        Complex x2 = v[i + 2 * q];
        Complex x3 = v[i + 3 * q];
        Complex t0 = body.add(x0, x2);
        Complex t1 = body.sub(x0, x2);
        Complex t2 = body.add(x1, x3);
        Complex t3 = body.minusITimesDifference(x1, x3);
        v[i] = body.add(t0, t2);
        v[i + q] = body.twiddle(body.sub(t0, t2), 2 * j, m);
        v[i + 2 * q] = body.twiddle(body.add(t1, t3), j, m);
        v[i + 3 * q] = body.twiddle(body.sub(t1, t3), 3 * j, m);
    }

    /** The whole generated file. */
    static String source() {
        StringBuilder out = new StringBuilder();
        out.append("""
                // GENERATED FILE, DO NOT EDIT BY HAND.
                // Written by org.logplab.fft.CodeletGenerator
                // (fft/src/test/java/org/logplab/fft/CodeletGenerator.java), which CodeletsSourceTest
                // checks it against. To change a codelet, change the generator and regenerate from the
                // repository's root with
                """);
        out.append("//   ").append(REGENERATE).append('\n');
        out.append("""
                package org.logplab.fft;

                /**
                 * Straight-line decimation-in-frequency transforms of 16, 8 and 4 contiguous points of an
                 * interleaved array (offsets count doubles), the last two or three stages of the serial FFT
                 * fused so the small spans pay no loop overhead and keep every value in registers.
                 * {@code dif16} equals a radix-4 stage of span 16 followed by four of span 4; {@code dif8} a
                 * radix-4 stage of span 8 followed by radix-2 pairs; {@code dif4} one radix-4 butterfly
                 * (bit-reversed output, as {@link Radix4}). Each butterfly is the one of
                 * {@link Radix4#butterflies} with its twiddles as constants, the trivial ones ({@code 1},
                 * {@code -i}) folded away.
                 *
                 * <p>Each size comes in four forms: in place and into {@link FinalPass}'s buffer (output point
                 * {@code k}, in bit-reversed order, to {@code d[p + 32 k]} and {@code d[p + 32 k + 1]}),
                 * forward and inverse. The inverse forms compute {@code scale * conj(dif(conj(x)))}: the
                 * conjugations cost sign flips in registers, not passes over the array. With the output
                 * stride as a parameter the stride is no constant to the compiler and whole transforms ran
                 * slower, hence one method per form.
                 */
                final class Codelets {

                    private Codelets() {
                    }
                """);
        for (int n : SIZES) {
            for (Form form : Form.values()) {
                out.append('\n').append(method(n, form));
            }
        }
        out.append("}\n");
        return out.toString();
    }

    /** One codelet: loads, the body of {@link #dif}, stores. */
    static String method(int n, Form form) {
        String in = form.toBuffer ? "s" : "a";
        String name = "dif" + n + form.suffix;
        List<String> params = new ArrayList<>(List.of("double[] " + in, "int o"));
        if (form.toBuffer) {
            params.addAll(List.of("double[] d", "int p"));
        }
        if (form.inverse) {
            params.add("double scale");
        }
        StringBuilder out = new StringBuilder();
        out.append("    /** ").append(javadoc(n, form)).append(" */\n");
        out.append("    static void ").append(name).append('(').append(String.join(", ", params)).append(") {\n");
        Body body = new Body();
        if (form.inverse) {
            body.line("double negScale = -scale;");
        }
        Complex[] v = new Complex[n];
        for (int k = 0; k < n; k++) {
            String re = "r" + k;
            String im = "i" + k;
            body.line("double " + re + " = " + in + "[" + offset("o", 2 * k) + "];");
            body.line("double " + im + " = " + (form.inverse ? "-" : "") + in + "[" + offset("o", 2 * k + 1) + "];");
            v[k] = new Complex(re, im);
        }
        dif(body, v);
        for (int k = 0; k < n; k++) {
            int at = form.toBuffer ? BUFFER_STRIDE * k : 2 * k;
            String dst = form.toBuffer ? "d" : "a";
            String base = form.toBuffer ? "p" : "o";
            body.line(dst + "[" + offset(base, at) + "] = " + (form.inverse ? "scale * " : "") + v[k].re + ";");
            body.line(dst + "[" + offset(base, at + 1) + "] = " + (form.inverse ? "negScale * " : "") + v[k].im + ";");
        }
        out.append(body.text);
        out.append("    }\n");
        return out.toString();
    }

    private static String javadoc(int n, Form form) {
        return switch (form) {
            case IN_PLACE -> "DIF of the " + n + " points at double offset {@code o}, in place, bit-reversed output.";
            case INVERSE -> "The inverse of {@link #dif" + n + "}, scaled, in place.";
            case TO -> "{@link #dif" + n + "} from {@code s} at double offset {@code o} into the buffer {@code d} at"
                    + " {@code p}.";
            case INVERSE_TO -> "{@link #dif" + n + "Inverse} from {@code s} at {@code o} into the buffer {@code d} at"
                    + " {@code p}.";
        };
    }

    private static String offset(String base, int at) {
        return at == 0 ? base : base + " + " + at;
    }

    /** Writes {@link #TARGET} (or the path given) from {@link #source()}. */
    static void write(Path path) throws IOException {
        Files.writeString(path, source(), StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws IOException {
        write(args.length > 0 ? Path.of(args[0]) : TARGET);
    }
}
