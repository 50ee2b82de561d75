package io.strata.events.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;

/**
 * Reads a {@link DeviceSample} as device-ingest writes it, on Jackson's streaming parser: every
 * property a string, a map of numbers, the owner object, a plain UTC instant, a known health name.
 * It is the busiest input of the correlator (one per GPU per scrape, 1–3 KB), and data binding's
 * own machinery (property buffering, creator call, deserializer lookups per value) comes on top of
 * the tokenizing. Any other form (a number where a string is expected, a "NaN" in a map, an offset
 * instant, a property given twice, ...) defers to binding, which decides and words the error as it
 * always has (ADR 043). So does a property it does not know: a newer producer's field is read
 * correctly, only not fast, until this reader learns it.
 */
public final class DeviceSampleReader implements FastJsonReader<DeviceSample> {

  /** The sample's string properties, in the order of its constructor's string parameters. */
  private static final String[] TEXT = {
    "cluster",
    "node",
    "gpu_uuid",
    "gpu_index",
    "pci_bus_id",
    "device",
    "model_name",
    "driver_version",
    "mig_profile",
    "mig_instance_id",
    "target"
  };

  /** {@link DeviceOwner}'s components in order. */
  private static final String[] OWNER = {
    "namespace",
    "pod",
    "container",
    "pod_uid",
    "vgpu",
    "dra_claim_namespace",
    "dra_claim_name",
    "dra_driver",
    "dra_pool",
    "dra_device",
    "dra_mig_profile",
    "dra_mig_device_uuid"
  };

  private static final Map<String, HealthStatus> HEALTH = Tokens.names(HealthStatus.class);

  @Override
  public DeviceSample readOrDefer(JsonParser p) throws IOException {
    if (p.nextToken() != JsonToken.START_OBJECT) {
      return null;
    }
    String[] text = new String[TEXT.length];
    DeviceOwner owner = null;
    HealthStatus health = null;
    Map<String, Double> fields = null;
    Map<String, Double> otherFields = null;
    Integer lastXid = null;
    Instant scrapedAt = null;
    int seen = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      int bit;
      switch (name) {
        case "owner" -> {
          bit = 1;
          owner = owner(Tokens.strings(p, value, OWNER));
        }
        case "health" -> {
          bit = 1 << 1;
          health = Tokens.constant(p, value, HEALTH);
        }
        case "fields" -> {
          bit = 1 << 2;
          fields = Tokens.numbers(p, value);
        }
        case "other_fields" -> {
          bit = 1 << 3;
          otherFields = Tokens.numbers(p, value);
        }
        case "last_xid" -> {
          bit = 1 << 4;
          lastXid = Tokens.integer(p, value);
        }
        case "scraped_at" -> {
          bit = 1 << 5;
          scrapedAt = Tokens.instant(p, value);
        }
        default -> {
          int index = Tokens.indexOf(TEXT, name);
          if (index < 0) {
            // Unknown: binding ignores it, but skipping it here would leave its text unchecked
            // for surrogates, so the whole document goes the checked way.
            throw Defer.INSTANCE;
          }
          bit = 1 << (6 + index);
          text[index] = Tokens.string(p, value);
        }
      }
      if ((seen & bit) != 0) {
        throw Defer.INSTANCE;
      }
      seen |= bit;
    }
    return new DeviceSample(
        text[0],
        text[1],
        text[2],
        text[3],
        text[4],
        text[5],
        text[6],
        text[7],
        text[8],
        text[9],
        owner,
        health,
        fields,
        otherFields,
        lastXid,
        text[10],
        scrapedAt);
  }

  private static DeviceOwner owner(String[] v) {
    return v == null
        ? null
        : new DeviceOwner(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]);
  }
}
