package io.strata.deviceingest.xid;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one RFC 4180 CSV row (quoted cells, doubled quotes); the catalog has no multi-line cells.
 */
final class CsvRow {

  private CsvRow() {}

  static List<String> split(String row) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < row.length(); i++) {
      char c = row.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < row.length() && row.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells;
  }
}
