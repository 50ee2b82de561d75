package io.strata.console.core;

import io.strata.events.incident.Trigger;
import io.strata.events.remediation.TargetRef;
import java.util.Locale;

/** Short human texts shared by the views (the same wording as the feed and Slack posts). */
final class Texts {

  private Texts() {}

  static String trigger(Trigger trigger) {
    if (trigger == null) {
      return "";
    }
    String value = number(trigger.value());
    String unit = trigger.unit() == null ? "" : " " + trigger.unit();
    String text = trigger.signal() + " " + value + unit;
    if (trigger.baseline() != null) {
      text += " vs baseline " + number(trigger.baseline()) + unit;
    }
    return text;
  }

  static String target(TargetRef target) {
    if (target == null) {
      return "";
    }
    return target.kind()
        + "/"
        + (target.namespace() == null ? "" : target.namespace() + "/")
        + target.name();
  }

  static String number(double value) {
    if (Double.isNaN(value)) {
      return "–";
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e12) {
      return Long.toString((long) value);
    }
    return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%.0f" : "%.2f", value);
  }
}
