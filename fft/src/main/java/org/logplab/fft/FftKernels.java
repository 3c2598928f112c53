package org.logplab.fft;

import java.util.Locale;

/**
 * Which butterfly kernels every FFT here runs: {@link Fft}, {@link ForkJoinFft} and the local
 * transforms of {@link ButterflyExchangeFft} and {@link MasterWorkerFft}. The choice is made per
 * JVM and read once per transform, so a change never splits one transform between the two.
 *
 * <ul>
 *   <li>{@link #SCALAR}: plain Java; available everywhere, and the default.</li>
 *   <li>{@link #VECTOR}: the same algorithm on the JDK's incubating Vector API
 *       ({@code jdk.incubator.vector}): the radix-4 stages, the last stage and the bit reversal
 *       run on whole vectors of the CPU (4 complex points a vector on AVX-512, 2 on AVX2). It
 *       needs the JVM started with {@code --add-modules jdk.incubator.vector}, which prints
 *       {@code WARNING: Using incubator modules} at start-up; the {@code logplab} launcher adds
 *       the flag for {@code --kernels vector}. Results agree with the scalar kernels to rounding
 *       (relative RMS differences around {@code 1e-16}), not to the bit: the twiddles of the
 *       second and third outputs of a butterfly are formed from the first's.</li>
 * </ul>
 *
 * <p>At start the choice comes from the system property {@value #PROPERTY}: {@code scalar},
 * {@code vector} or {@code auto} (the default: vector when the JVM has the module, else scalar).
 */
public enum FftKernels {
    /** Plain Java kernels. */
    SCALAR,
    /** Kernels on the incubating Vector API; see the class comment. */
    VECTOR;

    /** The system property that picks the kernels at start: {@code scalar}, {@code vector} or {@code auto}. */
    public static final String PROPERTY = "logplab.fft.kernels";
    /** The module {@link #VECTOR} needs. */
    public static final String VECTOR_MODULE = "jdk.incubator.vector";

    private static volatile FftKernels active = initial();

    /** The kernels transforms started from now on use. */
    public static FftKernels active() {
        return active;
    }

    /**
     * Makes every transform started from now on use {@code kernels}.
     *
     * @throws IllegalArgumentException if {@code kernels} is null
     * @throws IllegalStateException if they are not {@link #available()} in this JVM, saying why
     */
    public static void use(FftKernels kernels) {
        if (kernels == null) {
            throw new IllegalArgumentException("kernels must be SCALAR or VECTOR, got null");
        }
        String why = kernels.unavailableReason();
        if (why != null) {
            throw new IllegalStateException(why);
        }
        active = kernels;
    }

    /** Whether this JVM can run these kernels. */
    public boolean available() {
        return unavailableReason() == null;
    }

    /** The kernels' name as the command line and the JSON output write it: {@code scalar} or {@code vector}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * What the kernels run on, for output: {@code scalar Java}, or the vector width, e.g.
     * {@code Vector API, 512-bit (4 points a vector)}.
     */
    public String describe() {
        if (this == SCALAR || !available()) {
            return "scalar Java";
        }
        return "Vector API, " + VectorRadix4.LANES * Double.SIZE + "-bit (" + VectorRadix4.POINTS + " point"
                + (VectorRadix4.POINTS == 1 ? "" : "s") + " a vector)";
    }

    /**
     * {@code scalar}, {@code vector} or {@code auto} (case ignored); {@code auto} is
     * {@link #VECTOR} where available, else {@link #SCALAR}.
     *
     * @throws IllegalArgumentException naming the value if it is none of them
     */
    public static FftKernels parse(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "scalar" -> SCALAR;
            case "vector" -> VECTOR;
            case "auto" -> VECTOR.available() ? VECTOR : SCALAR;
            default -> throw new IllegalArgumentException("FFT kernels must be scalar, vector or auto, got '" + name
                    + "'");
        };
    }

    /** Null where available, else why not and what to do. */
    private String unavailableReason() {
        if (this == SCALAR) {
            return null;
        }
        if (ModuleLayer.boot().findModule(VECTOR_MODULE).isEmpty()) {
            return "the vector FFT kernels need the JDK's incubating Vector API: start the JVM with --add-modules "
                    + VECTOR_MODULE + " (the logplab launcher adds it for --kernels vector)";
        }
        if (VectorRadix4.LANES < 2) {
            return "the vector FFT kernels need vectors of at least two doubles; this JVM's preferred vector holds "
                    + VectorRadix4.LANES;
        }
        return null;
    }

    private static FftKernels initial() {
        String value = System.getProperty(PROPERTY, "auto");
        FftKernels k = parse(value);
        String why = k.unavailableReason();
        if (why != null) {
            throw new IllegalStateException(PROPERTY + "=" + value + ": " + why);
        }
        return k;
    }
}
