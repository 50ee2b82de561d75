package io.strata.deviceingest.assemble;

import io.strata.deviceingest.naming.Conversion;
import io.strata.deviceingest.naming.Naming;
import io.strata.deviceingest.naming.NamingProblem;
import io.strata.events.device.DeviceField;

/**
 * What a DCGM metric name means on one page, worked out once per page (see {@link PageNames}).
 *
 * @param presentName the name that makes a field present: a renamed field's legacy name
 * @param field for {@link Role#FIELD}, the field's stable key
 * @param naming which naming the name belongs to, null for a name the table does not list
 * @param conversion into the unit Strata publishes; null when the value cannot be put under the
 *     field's key (then it is kept under its exporter name in other_fields)
 * @param problem why the value cannot be put under its key, when that is the page's doing
 * @param problemDetail the names and units involved, for the finding
 */
record ResolvedName(
    Role role,
    String presentName,
    DeviceField field,
    Naming naming,
    Conversion conversion,
    NamingProblem problem,
    String problemDetail) {

  enum Role {
    HEALTH,
    XID_COUNT,
    FIELD,
    OTHER
  }

  static ResolvedName other(String presentName) {
    return new ResolvedName(Role.OTHER, presentName, null, null, null, null, null);
  }

  static ResolvedName role(Role role, String name) {
    return new ResolvedName(role, name, null, null, null, null, null);
  }

  boolean isLastXid() {
    return field == DeviceField.XID_ERRORS;
  }
}
