package io.strata.remediator.core.policy;

import java.time.DateTimeException;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

/** Reads an AUTO rule's {@code limits}: maxPerHour, hours (with timeZone) and wave. */
final class LimitsParser {

  private static final Set<String> FIELDS = Set.of("maxPerHour", "hours", "timeZone", "wave");

  private LimitsParser() {}

  static RuleLimits parse(Object value, String rule) throws PolicyException {
    Map<String, Object> fields = Fields.map(value, rule, "limits");
    Fields.only(fields, FIELDS, rule);
    OptionalInt perHour = OptionalInt.empty();
    if (fields.containsKey("maxPerHour")) {
      if (!(fields.get("maxPerHour") instanceof Integer n) || n < 1 || n > 10_000) {
        throw bad(rule, "maxPerHour must be a whole number from 1 to 10000");
      }
      perHour = OptionalInt.of(n);
    }
    Optional<HourWindow> hours = Optional.empty();
    if (fields.containsKey("hours")) {
      hours = Optional.of(hours(fields.get("hours"), fields.get("timeZone"), rule));
    } else if (fields.containsKey("timeZone")) {
      throw bad(rule, "timeZone without hours");
    }
    OptionalDouble wave = OptionalDouble.empty();
    if (fields.containsKey("wave")) {
      if (!(fields.get("wave") instanceof Number n)
          || !(n.doubleValue() > 0)
          || n.doubleValue() > 1) {
        throw bad(rule, "wave must be a fraction of the node pool in (0, 1]");
      }
      wave = OptionalDouble.of(n.doubleValue());
    }
    return new RuleLimits(perHour, hours, wave);
  }

  private static HourWindow hours(Object value, Object zone, String rule) throws PolicyException {
    String text = value instanceof String s ? s.trim() : "";
    String[] ends = text.split("-", -1);
    try {
      if (ends.length != 2) {
        throw new DateTimeException(text);
      }
      LocalTime from = LocalTime.parse(ends[0].trim());
      LocalTime to = LocalTime.parse(ends[1].trim());
      if (from.equals(to)) {
        throw bad(rule, "hours " + text + " is empty");
      }
      ZoneId id = zone == null ? ZoneOffset.UTC : ZoneId.of(String.valueOf(zone));
      return new HourWindow(from, to, id);
    } catch (DateTimeException e) {
      throw bad(
          rule, "hours must be HH:MM-HH:MM and timeZone a zone id, not " + value + " " + zone);
    }
  }

  private static PolicyException bad(String rule, String message) {
    return new PolicyException(PolicyProblem.BAD_LIMIT, rule, message);
  }
}
