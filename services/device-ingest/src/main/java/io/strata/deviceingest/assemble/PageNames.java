package io.strata.deviceingest.assemble;

import static io.strata.deviceingest.assemble.ExporterLabels.HEALTH_METRIC;
import static io.strata.deviceingest.assemble.ExporterLabels.XID_COUNT_METRIC;

import io.strata.deviceingest.assemble.ResolvedName.Role;
import io.strata.deviceingest.naming.Conversion;
import io.strata.deviceingest.naming.FieldName;
import io.strata.deviceingest.naming.FieldNames;
import io.strata.deviceingest.naming.HelpUnits;
import io.strata.deviceingest.naming.Naming;
import io.strata.deviceingest.naming.NamingProblem;
import io.strata.deviceingest.naming.Unit;
import io.strata.events.device.DeviceField;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The meaning of each metric name on one page, resolved at its first line and kept for the rest:
 * the naming table says which field a name is and in which unit Strata publishes it; the unit the
 * page states comes from the name's unit suffix (Naming Standard names) or its HELP text, never
 * from a value. When both state a unit and disagree, or the stated unit cannot convert, the value
 * is not put under the field's key and the page is reported.
 */
final class PageNames {

  private final FieldNames table;
  private final Map<String, Unit> helpUnits = new HashMap<>();
  private final Map<String, ResolvedName> resolved = new HashMap<>(64);
  private String lastName;
  private ResolvedName last;

  PageNames(FieldNames table) {
    this.table = table;
  }

  /** A HELP line: the unit it states counts for the family's samples that follow it. */
  void help(String metricName, String text) {
    if (table.find(metricName) != null) {
      Unit unit = HelpUnits.of(text);
      if (unit != null) {
        helpUnits.put(metricName, unit);
      }
    }
  }

  ResolvedName resolve(String name) {
    // A family's lines follow each other, and the parser hands them the same String.
    if (name == lastName) {
      return last;
    }
    ResolvedName found = resolved.get(name);
    if (found == null) {
      found = work(name);
      resolved.put(name, found);
    }
    lastName = name;
    last = found;
    return found;
  }

  private ResolvedName work(String name) {
    if (name.equals(HEALTH_METRIC)) {
      return ResolvedName.role(Role.HEALTH, name);
    }
    if (name.equals(XID_COUNT_METRIC)) {
      return ResolvedName.role(Role.XID_COUNT, name);
    }
    FieldName entry = table.find(name);
    if (entry == null) {
      Optional<DeviceField> known = DeviceField.fromDcgmName(name);
      return known
          .map(f -> new ResolvedName(Role.FIELD, name, f, null, Conversion.IDENTITY, null, null))
          .orElseGet(() -> ResolvedName.other(name));
    }
    if (entry.isLabel()) {
      return ResolvedName.other(entry.canonicalName());
    }
    return field(entry);
  }

  private ResolvedName field(FieldName entry) {
    Unit named = entry.nameUnit();
    Unit help = helpUnits.get(entry.exporterName());
    if (named != null && help != null && named != help) {
      return unread(
          entry,
          NamingProblem.UNIT_STATEMENTS_DISAGREE,
          entry.exporterName() + ": its name says " + named + ", its HELP " + help);
    }
    Unit stated = named != null ? named : help;
    boolean asExported =
        stated == null || (entry.unit() == Unit.UNSTATED && entry.naming() == Naming.LEGACY);
    if (asExported) {
      return read(entry, Conversion.IDENTITY);
    }
    if (entry.unit() == Unit.UNSTATED) {
      // Strata's contract states no unit to convert into: kept as exported, in other_fields.
      return unread(entry, null, null);
    }
    Optional<Conversion> conversion = stated.to(entry.unit());
    if (conversion.isEmpty()) {
      return unread(
          entry,
          NamingProblem.UNIT_NOT_CONVERTIBLE,
          entry.exporterName()
              + ": its HELP says "
              + stated
              + ", Strata publishes "
              + entry.unit());
    }
    return read(entry, conversion.get());
  }

  private static ResolvedName read(FieldName entry, Conversion conversion) {
    return new ResolvedName(
        Role.FIELD, entry.canonicalName(), entry.field(), entry.naming(), conversion, null, null);
  }

  private static ResolvedName unread(FieldName entry, NamingProblem problem, String detail) {
    return new ResolvedName(
        Role.FIELD, entry.canonicalName(), entry.field(), entry.naming(), null, problem, detail);
  }
}
