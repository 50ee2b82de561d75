package io.strata.deviceingest.assemble;

import io.strata.deviceingest.naming.ExporterNaming;
import io.strata.deviceingest.naming.NamingProblem;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which DCGM naming a page speaks, and the lines whose values it could not put under their field's
 * key because of naming.
 *
 * @param naming over the page's GPU lines, metric and label names
 * @param problems each distinct problem, "{@link NamingProblem}: names and units", sorted
 * @param lineProblems the first such lines: line number → {@link NamingProblem}
 * @param problemLines how many lines had a problem
 */
public record NamingReport(
    ExporterNaming naming,
    SortedSet<String> problems,
    Map<Integer, String> lineProblems,
    int problemLines) {

  public NamingReport {
    problems = Collections.unmodifiableSortedSet(new TreeSet<>(problems));
    lineProblems = Collections.unmodifiableSortedMap(new TreeMap<>(lineProblems));
  }

  /** Collects a page's naming problems, keeping at most {@code maxLines} line numbers. */
  static final class Collector {
    private final int maxLines;
    private final Set<String> problems = new TreeSet<>();
    private final Map<Integer, String> lines = new TreeMap<>();
    private int count;
    private boolean legacySeen;
    private boolean standardSeen;

    Collector(int maxLines) {
      this.maxLines = maxLines;
    }

    void add(int lineNumber, NamingProblem problem, String detail) {
      count++;
      if (lines.size() < maxLines) {
        lines.putIfAbsent(lineNumber, problem.name());
      }
      problems.add(problem.name() + ": " + detail);
    }

    void saw(boolean legacy, boolean standard) {
      legacySeen |= legacy;
      standardSeen |= standard;
    }

    NamingReport report() {
      return new NamingReport(
          ExporterNaming.of(legacySeen, standardSeen), new TreeSet<>(problems), lines, count);
    }
  }
}
