package io.strata.deviceingest.xid;

import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The NVIDIA XID catalog shipped as {@code xid/xid-catalog.csv} (provenance in its header). XIDs
 * the catalog lacks are still reported, as device-side with no mnemonic and an UNSPECIFIED action.
 */
public final class XidCatalog {

  /** The resource path inside the service's jar. */
  public static final String RESOURCE = "xid/xid-catalog.csv";

  /**
   * XIDs caused by the application rather than the device (the product brief's list: 13, 31, 43,
   * 45, 68, 109, and 94, which is by definition a contained ECC error that only hurt one app).
   */
  public static final Set<Integer> APPLICATION_XIDS = Set.of(13, 31, 43, 45, 68, 94, 109);

  private final Map<Integer, XidCatalogEntry> entries;

  private XidCatalog(Map<Integer, XidCatalogEntry> entries) {
    this.entries = Map.copyOf(entries);
  }

  public static XidCatalog load() {
    try (InputStream in = XidCatalog.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("XID catalog resource missing: " + RESOURCE);
      }
      return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }

  static XidCatalog parse(BufferedReader reader) throws IOException {
    Map<Integer, XidCatalogEntry> entries = new HashMap<>();
    boolean header = true;
    String row;
    while ((row = reader.readLine()) != null) {
      if (row.isBlank() || row.startsWith("#")) {
        continue;
      }
      if (header) {
        header = false;
        continue;
      }
      List<String> cells = CsvRow.split(row);
      if (cells.size() != 4) {
        throw new IllegalStateException("XID catalog row has " + cells.size() + " cells: " + row);
      }
      int xid = Integer.parseInt(cells.get(0));
      entries.put(
          xid,
          new XidCatalogEntry(
              xid,
              blankToNull(cells.get(1)),
              action(cells.get(2)),
              blankToNull(cells.get(3)),
              originOf(xid)));
    }
    return new XidCatalog(entries);
  }

  public Optional<XidCatalogEntry> find(int xid) {
    return Optional.ofNullable(entries.get(xid));
  }

  /** The catalog entry, or an entry with only the origin for an XID the catalog does not list. */
  public XidCatalogEntry describe(int xid) {
    XidCatalogEntry entry = entries.get(xid);
    return entry != null
        ? entry
        : new XidCatalogEntry(xid, null, XidAction.UNSPECIFIED, null, originOf(xid));
  }

  public int size() {
    return entries.size();
  }

  public static XidOrigin originOf(int xid) {
    return APPLICATION_XIDS.contains(xid) ? XidOrigin.APPLICATION : XidOrigin.DEVICE;
  }

  private static XidAction action(String cell) {
    if (cell.isBlank()) {
      return XidAction.UNSPECIFIED;
    }
    try {
      return XidAction.valueOf(cell.trim());
    } catch (IllegalArgumentException unknownBucket) {
      return XidAction.UNSPECIFIED;
    }
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }
}
