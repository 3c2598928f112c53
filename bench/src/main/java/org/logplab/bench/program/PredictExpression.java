package org.logplab.bench.program;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.objecthunter.exp4j.Expression;
import net.objecthunter.exp4j.ExpressionBuilder;
import net.objecthunter.exp4j.ValidationResult;
import net.objecthunter.exp4j.function.Function;
import org.logplab.core.LogP;

/**
 * A predicted makespan written as a formula ({@code logplab run --predict "P*(L+2*o)"}): arithmetic
 * ({@code + - * / ^}, parentheses) over the LogP parameters {@code L o g G P} and every program
 * argument of the form {@code name=number} (as the variable {@code name}), with the functions
 * {@code max(a, b)}, {@code min(a, b)}, {@code log2(x)} (exact for powers of two), {@code ceil},
 * {@code floor} and the other functions of exp4j. Its value is in the parameters' unit (model
 * units, or ns on the wall clock), rounded to a whole number. A formula that does not parse, names
 * an unknown variable or has no finite value is refused with an {@link IllegalArgumentException}
 * (exit 2) that quotes it. Not thread-safe.
 */
public final class PredictExpression {
    /** The LogP parameters a formula may name. */
    public static final List<String> PARAMETERS = List.of("L", "o", "g", "G", "P");

    private static final Pattern NAMED_NUMBER = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(.+)");

    private final String text;
    private final Expression expression;
    private final Map<String, Double> arguments;

    private PredictExpression(String text, Expression expression, Map<String, Double> arguments) {
        this.text = text;
        this.expression = expression;
        this.arguments = arguments;
    }

    /**
     * Parses {@code text}, whose variables are the LogP parameters and the {@code name=number}
     * arguments among {@code programArguments} (the others are ignored).
     */
    public static PredictExpression parse(String text, List<String> programArguments) {
        Map<String, Double> arguments = namedNumbers(programArguments);
        Expression expression;
        try {
            expression = new ExpressionBuilder(text).variables(PARAMETERS.toArray(String[]::new))
                    .variables(arguments.keySet()).functions(functions()).build();
        } catch (RuntimeException e) {
            throw refused(text, e.getMessage());
        }
        PredictExpression p = new PredictExpression(text, expression, arguments);
        ValidationResult valid = p.bind(new LogP(1, 1, 1, 1, 1)).validate(true);
        if (!valid.isValid()) {
            throw refused(text, String.join("; ", valid.getErrors()));
        }
        return p;
    }

    /** The formula as given. */
    public String text() {
        return text;
    }

    /**
     * The formula's value for {@code params}, rounded to the nearest whole number.
     *
     * @throws IllegalArgumentException if it has no finite value there (a division by zero, say)
     */
    public long predict(LogP params) {
        double value = exact(params);
        return Math.round(value);
    }

    /** The formula's value for {@code params}, before rounding. */
    public double exact(LogP params) {
        double value;
        try {
            value = bind(params).evaluate();
        } catch (RuntimeException e) {
            String why = String.valueOf(e.getMessage()).replaceFirst("!$", "") + " ";
            throw refused(text, why.substring(0, 1).toLowerCase(Locale.ROOT) + why.substring(1) + "for "
                    + values(params));
        }
        if (!Double.isFinite(value) || Math.abs(value) >= 0x1p62) {
            throw refused(text, "its value for " + values(params) + " is " + value + ", not a time");
        }
        return value;
    }

    /** The parameters as the formula names them: {@code L=6, o=2, g=4, G=0, P=4}. */
    private static String values(LogP params) {
        return "L=" + params.L() + ", o=" + params.o() + ", g=" + params.g() + ", G=" + params.G() + ", P="
                + params.P();
    }

    private Expression bind(LogP params) {
        Map<String, Double> values = new LinkedHashMap<>(arguments);
        values.put("L", (double) params.L());
        values.put("o", (double) params.o());
        values.put("g", (double) params.g());
        values.put("G", (double) params.G());
        values.put("P", (double) params.P());
        return expression.setVariables(values);
    }

    /** The {@code name=number} program arguments; one that names a LogP parameter is refused. */
    static Map<String, Double> namedNumbers(List<String> programArguments) {
        Map<String, Double> named = new LinkedHashMap<>();
        for (String argument : programArguments) {
            Matcher m = NAMED_NUMBER.matcher(argument.strip());
            if (!m.matches()) {
                continue;
            }
            double value;
            try {
                value = Double.parseDouble(m.group(2).strip());
            } catch (NumberFormatException e) {
                continue; // name=text is the program's business, not a variable
            }
            if (PARAMETERS.contains(m.group(1))) {
                throw new IllegalArgumentException("the program argument " + argument + " names the LogP parameter "
                        + m.group(1) + ", which --predict takes from --" + m.group(1) + ": give it another name");
            }
            named.put(m.group(1), value);
        }
        return named;
    }

    private static Function[] functions() {
        return new Function[] {
            new Function("max", 2) {
                @Override
                public double apply(double... a) {
                    return Math.max(a[0], a[1]);
                }
            },
            new Function("min", 2) {
                @Override
                public double apply(double... a) {
                    return Math.min(a[0], a[1]);
                }
            },
            new Function("log2", 1) {
                @Override
                public double apply(double... a) {
                    return log2(a[0]);
                }
            },
        };
    }

    /** {@code log2(x)}, exact where {@code x} is a power of two (so that {@code ceil(log2(8))} is 3). */
    static double log2(double x) {
        if (x > 0 && Double.isFinite(x) && x == Math.scalb(1.0, Math.getExponent(x))) {
            return Math.getExponent(x);
        }
        return Math.log(x) / Math.log(2);
    }

    private static IllegalArgumentException refused(String text, String why) {
        return new IllegalArgumentException("--predict '" + text + "' is not a formula logplab can use: " + why
                + " (it takes + - * / ^ and parentheses over L, o, g, G, P and name=number program arguments, with"
                + " max(a, b), min(a, b), log2, ceil, floor)");
    }
}
