package io.strata.deviceingest.naming;

import io.strata.events.device.DeviceField;

/**
 * One exporter name of a field in the naming table.
 *
 * @param exporterName the name as an exporter prints it
 * @param canonicalName the field's legacy name: the name field presence and findings use, whichever
 *     name the exporter printed
 * @param field the field's stable key, null for a label-type field
 * @param naming which naming {@code exporterName} belongs to
 * @param nameUnit the unit the name itself states (a standard name's unit suffix), else null
 * @param unit the unit Strata publishes the field in
 */
public record FieldName(
    String exporterName,
    String canonicalName,
    DeviceField field,
    Naming naming,
    Unit nameUnit,
    Unit unit) {

  public boolean isLabel() {
    return unit == Unit.LABEL;
  }
}
