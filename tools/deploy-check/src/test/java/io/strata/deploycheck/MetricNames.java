package io.strata.deploycheck;

import io.strata.events.device.DeviceField;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Which metric names an alert or dashboard may use: Strata's own (registered in the services'
 * code), dcgm-exporter's (the fields the events module knows, and the exporter's DCGM_EXP_*), and a
 * short list from other exporters.
 */
final class MetricNames {

  /** Metrics of other components, each with where it comes from. */
  static final Set<String> EXTERNAL =
      Set.of(
          // Micrometer's Kafka client binder in every service (quarkus.micrometer.binder.kafka).
          "kafka_consumer_fetch_manager_records_lag_max",
          // Kueue's controller metrics.
          "kueue_pending_workloads");

  /** dcgm-exporter's own (non-DCGM-field) metrics, see shared reference NOTES. */
  static final Set<String> DCGM_EXPORTER =
      Set.of(
          "DCGM_EXP_GPU_HEALTH_STATUS", "DCGM_EXP_XID_ERRORS_COUNT", "DCGM_EXP_CLOCK_EVENTS_COUNT");

  private static final Pattern STRATA = Pattern.compile("\\bstrata_[a-z0-9_]+");
  private static final Pattern DCGM = Pattern.compile("\\bDCGM_[A-Z0-9_]+");
  private static final Pattern OTHER = Pattern.compile("\\b(kafka|kueue)_[a-z0-9_]+");
  private static final Pattern REGISTERED = Pattern.compile("\"(strata[._][a-z0-9_.]+)\"");
  private static final List<String> SUFFIXES =
      List.of(
          "_total",
          "_seconds_count",
          "_seconds_sum",
          "_seconds_max",
          "_seconds",
          "_count",
          "_sum",
          "_max");

  /** PromQL functions and keywords that may precede "(" in deploy/'s expressions. */
  static final Set<String> PROMQL_CALLS =
      Set.of(
          "rate",
          "irate",
          "increase",
          "changes",
          "delta",
          "deriv",
          "resets",
          "sum",
          "max",
          "min",
          "avg",
          "count",
          "topk",
          "bottomk",
          "quantile",
          "histogram_quantile",
          "absent",
          "absent_over_time",
          "max_over_time",
          "min_over_time",
          "avg_over_time",
          "clamp_min",
          "clamp_max",
          "abs",
          "by",
          "without",
          "on",
          "ignoring",
          "group_left",
          "group_right",
          "and",
          "or",
          "unless");

  private static final Pattern CALL = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");

  private MetricNames() {}

  /** Words followed by "(" that are not PromQL functions or keywords (typos such as "rte("). */
  static List<String> unknownCalls(String rawExpression) {
    String expression = rawExpression.replaceAll("\"[^\"]*\"", "\"\"");
    return CALL.matcher(expression)
        .results()
        .map(r -> r.group(1))
        .filter(name -> !PROMQL_CALLS.contains(name))
        .toList();
  }

  /** Strata metric base names registered in the services' code, in Prometheus form. */
  static Set<String> registeredByServices() {
    Set<String> names = new LinkedHashSet<>();
    for (String service : Repo.SERVICES) {
      Matcher matcher = REGISTERED.matcher(Repo.mainSources(service));
      while (matcher.find()) {
        names.add(base(matcher.group(1).replace('.', '_')));
      }
    }
    return names;
  }

  /** Every metric name an expression refers to that is not allowed, with the reason. */
  static List<String> unknownIn(String rawExpression, Set<String> registered) {
    // Label values ("kafka_unavailable") are not metric names.
    String expression = rawExpression.replaceAll("\"[^\"]*\"", "\"\"");
    Set<String> dcgm =
        Arrays.stream(DeviceField.values()).map(DeviceField::dcgmName).collect(Collectors.toSet());
    List<String> unknown = new java.util.ArrayList<>();
    STRATA
        .matcher(expression)
        .results()
        .map(r -> r.group())
        .forEach(
            name -> {
              if (!registered.contains(base(name))) {
                unknown.add(name + " (not registered by any service)");
              }
            });
    DCGM.matcher(expression)
        .results()
        .map(r -> r.group())
        .forEach(
            name -> {
              if (!dcgm.contains(name) && !DCGM_EXPORTER.contains(name)) {
                unknown.add(name + " (not a DCGM field Strata knows)");
              }
            });
    OTHER
        .matcher(expression)
        .results()
        .map(r -> r.group())
        .forEach(
            name -> {
              if (!EXTERNAL.contains(name)) {
                unknown.add(name + " (not a known external metric)");
              }
            });
    return unknown;
  }

  /** Strata metrics an expression refers to. */
  static Set<String> strataIn(String expression) {
    return STRATA
        .matcher(expression.replaceAll("\"[^\"]*\"", "\"\""))
        .results()
        .map(r -> r.group())
        .collect(Collectors.toSet());
  }

  private static String base(String name) {
    for (String suffix : SUFFIXES) {
      if (name.endsWith(suffix)) {
        return name.substring(0, name.length() - suffix.length());
      }
    }
    return name;
  }
}
