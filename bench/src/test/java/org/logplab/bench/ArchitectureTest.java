package org.logplab.bench;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layout's rules, checked on the compiled main classes of every module: the modules depend
 * downwards only ({@code bench -> balance, fft, net, testkit -> core}); the command line is a layer
 * nothing else uses, and no command uses another; no two packages depend on each other, directly or
 * round a cycle, except the one edge the public API needs to start its runtime ({@code Machine}
 * opening its {@code ProcessorPool}).
 */
class ArchitectureTest {
    private static final String ROOT = "org.logplab";
    private static final String CLI = "org.logplab.bench.cli..";
    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/jmh_generated/"))
                .importPackages(ROOT);
        // A rule over no classes passes vacuously: make sure every module's classes are here.
        assertThat(classes.stream().map(JavaClass::getPackageName).distinct())
                .contains("org.logplab.core", "org.logplab.fft", "org.logplab.balance", "org.logplab.net",
                        "org.logplab.testkit", "org.logplab.bench.cli");
    }

    @Test
    void modulesDependDownwardsOnly() {
        noClasses().that().resideInAPackage("org.logplab.core..")
                .should().dependOnClassesThat().resideInAnyPackage("org.logplab.fft..", "org.logplab.balance..",
                        "org.logplab.net..", "org.logplab.goal..", "org.logplab.testkit..", "org.logplab.bench..")
                .check(classes);
        for (String module : new String[] {"fft", "balance", "net", "goal", "testkit"}) {
            noClasses().that().resideInAPackage("org.logplab." + module + "..")
                    .should().dependOnClassesThat(describe("another module than core",
                            c -> c.getPackageName().startsWith(ROOT + ".")
                                    && !c.getPackageName().startsWith("org.logplab.core")
                                    && !c.getPackageName().startsWith("org.logplab." + module)))
                    .check(classes);
        }
    }

    @Test
    void nothingOutsideTheCommandLineUsesIt() {
        noClasses().that().resideOutsideOfPackage(CLI)
                .should().dependOnClassesThat().resideInAPackage(CLI)
                .check(classes);
    }

    @Test
    void commandsLiveInTheCommandLineAndNoCommandUsesAnother() {
        classes().that().haveSimpleNameEndingWith("Command").and().areAssignableTo(java.util.concurrent.Callable.class)
                .should().resideInAPackage(CLI)
                .check(classes);
        noCommandUsesAnother().check(classes);
    }

    @Test
    void noPackageCycles() {
        packageCycles().check(classes);
    }

    /**
     * The cycle rule fails on a cycle: the same rule over two classes made to depend on each other
     * across packages (the test fixtures below) reports it.
     */
    @Test
    void theCycleRuleFindsACycle() {
        JavaClasses cyclic = new ClassFileImporter().importClasses(
                org.logplab.bench.archfixture.a.PointsToB.class, org.logplab.bench.archfixture.b.PointsToA.class);
        assertThatThrownBy(() -> slices().matching("org.logplab.(**)").should().beFreeOfCycles().check(cyclic))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("archfixture");
    }

    static ArchRule packageCycles() {
        return slices().matching("org.logplab.(**)").should().beFreeOfCycles()
                .ignoreDependency(describe("Machine", c -> c.getFullName().equals("org.logplab.core.Machine")),
                        describe("its runtime", c -> c.getPackageName().equals("org.logplab.core.runtime")));
    }

    private static ArchRule noCommandUsesAnother() {
        return classes().that().resideInAPackage(CLI).and().haveSimpleNameEndingWith("Command")
                .should(new ArchCondition<>("not use another command") {
                    @Override
                    public void check(JavaClass command, ConditionEvents events) {
                        for (Dependency d : command.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass();
                            boolean otherCommand = target.getPackageName().equals(command.getPackageName())
                                    && target.getSimpleName().endsWith("Command")
                                    && !target.equals(command)
                                    && !command.isAssignableTo(target.getName());
                            if (otherCommand) {
                                events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                            }
                        }
                    }
                });
    }
}
