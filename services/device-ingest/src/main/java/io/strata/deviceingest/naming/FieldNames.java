package io.strata.deviceingest.naming;

import io.strata.events.device.DeviceField;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The naming table ({@code dcgm/field-names.csv}): each field Strata knows under its legacy and its
 * DCGM Field Naming Standard name, with the unit Strata publishes it in. Built once; a name is
 * looked up in one hash map, never taken apart per sample.
 */
public final class FieldNames {

  /** The resource path inside the service's jar. */
  public static final String RESOURCE = "dcgm/field-names.csv";

  private static final String HEADER = "legacy_name,standard_name,unit";
  private static final String PREFIX = "DCGM_FI_";

  private final Map<String, FieldName> byName;

  private FieldNames(Map<String, FieldName> byName) {
    this.byName = byName;
  }

  /** The table shipped with the service; a broken table fails here, at startup. */
  public static FieldNames shipped() {
    return Shipped.TABLE;
  }

  /** The entry of an exporter name (legacy or standard), or null when the table lacks it. */
  public FieldName find(String exporterName) {
    return byName.get(exporterName);
  }

  /** The legacy name of a table name; any other name unchanged. */
  public String canonical(String name) {
    FieldName entry = byName.get(name);
    return entry == null ? name : entry.canonicalName();
  }

  /** Every name of the table, legacy and standard, in table order. */
  public Collection<FieldName> names() {
    return byName.values();
  }

  /**
   * Reads a table; an invalid row throws {@link IllegalArgumentException} naming its line and why.
   */
  public static FieldNames parse(List<String> lines) {
    Map<String, FieldName> byName = new LinkedHashMap<>();
    Map<String, Unit> legacyUnits = new HashMap<>();
    boolean header = true;
    for (int i = 0; i < lines.size(); i++) {
      String row = lines.get(i).strip();
      if (row.isEmpty() || row.startsWith("#")) {
        continue;
      }
      if (header) {
        require(row.equals(HEADER), i, "the header must be " + HEADER);
        header = false;
        continue;
      }
      String[] cells = row.split(",", -1);
      require(cells.length == 3, i, "three cells expected: " + HEADER);
      addRow(byName, legacyUnits, cells[0].strip(), cells[1].strip(), unit(cells[2].strip(), i), i);
    }
    require(!header, lines.size(), "no header");
    return new FieldNames(Collections.unmodifiableMap(byName));
  }

  private static void addRow(
      Map<String, FieldName> byName,
      Map<String, Unit> legacyUnits,
      String legacy,
      String standard,
      Unit unit,
      int line) {
    require(legacy.startsWith(PREFIX) && standard.startsWith(PREFIX), line, "names start DCGM_FI_");
    require(!legacy.equals(standard), line, "a rename needs two different names");
    DeviceField field = DeviceField.fromDcgmName(legacy).orElse(null);
    require(
        (field == null) == (unit == Unit.LABEL),
        line,
        legacy + ": a metric's legacy name must be a DeviceField, a LABEL's must not");
    Unit before = legacyUnits.putIfAbsent(legacy, unit);
    require(before == null || before == unit, line, legacy + " has two units in the table");
    Unit nameUnit = Unit.ofStandardName(standard);
    require(
        nameUnit == null || unit == Unit.UNSTATED || nameUnit.to(unit).isPresent(),
        line,
        standard + " is in " + nameUnit + ", which does not convert into " + unit);
    FieldName old = byName.get(legacy);
    require(
        old == null || old.naming() == Naming.LEGACY, line, legacy + " is a standard name above");
    byName.put(legacy, new FieldName(legacy, legacy, field, Naming.LEGACY, null, unit));
    require(!byName.containsKey(standard), line, standard + " appears twice in the table");
    byName.put(standard, new FieldName(standard, legacy, field, Naming.STANDARD, nameUnit, unit));
  }

  private static Unit unit(String cell, int line) {
    try {
      return Unit.valueOf(cell);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          RESOURCE + " line " + (line + 1) + ": unknown unit " + cell, e);
    }
  }

  private static void require(boolean condition, int line, String why) {
    if (!condition) {
      throw new IllegalArgumentException(RESOURCE + " line " + (line + 1) + ": " + why);
    }
  }

  /** Loaded on first use, once per JVM. */
  private static final class Shipped {
    private static final FieldNames TABLE = load();

    private static FieldNames load() {
      try (InputStream in = FieldNames.class.getClassLoader().getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("naming table resource missing: " + RESOURCE);
        }
        return parse(
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + RESOURCE, e);
      }
    }
  }
}
