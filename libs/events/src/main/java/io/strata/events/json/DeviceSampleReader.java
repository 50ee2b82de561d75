package io.strata.events.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a {@link DeviceSample} as device-ingest writes it, on Jackson's streaming parser: every
 * property a string, a map of numbers, the owner object, a plain UTC instant, a known health name.
 * It is the busiest input of the correlator (one per GPU per scrape, 2–3 KB) and data binding
 * (property buffering, creator call, deserializer lookups per value) was most of a third of the
 * correlator's stream thread (docs/benchmarks.md, 2026-12-03). Any other form (a number where a
 * string is expected, a null in a map, an offset instant, a property given twice, ...) defers to
 * the binding, which decides and words the error as it always has. So does a property it does not
 * know: a newer producer's field is read correctly, only not fast, until this reader learns it.
 *
 * <p>A value it returns has been read in full: every string and key it kept holds no surrogate and
 * nothing was skipped, so the serde's whole-document lone-surrogate scan is not needed for it.
 */
public final class DeviceSampleReader implements FastJsonReader<DeviceSample> {

  @Override
  public DeviceSample readOrDefer(JsonParser p) throws IOException {
    if (p.nextToken() != JsonToken.START_OBJECT) {
      return null;
    }
    String[] text = new String[Text.values().length];
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
          owner = OwnerReader.read(p, value);
        }
        case "health" -> {
          bit = 1 << 1;
          health = health(p, value);
        }
        case "fields" -> {
          bit = 1 << 2;
          fields = numbers(p, value);
        }
        case "other_fields" -> {
          bit = 1 << 3;
          otherFields = numbers(p, value);
        }
        case "last_xid" -> {
          bit = 1 << 4;
          lastXid = integer(p, value);
        }
        case "scraped_at" -> {
          bit = 1 << 5;
          scrapedAt = instant(p, value);
        }
        default -> {
          Text property = Text.named(name);
          if (property == null) {
            // Unknown (a newer producer's field): the binding ignores it, but its text has not
            // been checked for surrogates here, so the whole document goes the checked way.
            throw Defer.INSTANCE;
          }
          bit = 1 << (6 + property.ordinal());
          text[property.ordinal()] = string(p, value);
        }
      }
      if ((seen & bit) != 0) {
        throw Defer.INSTANCE;
      }
      seen |= bit;
    }
    return new DeviceSample(
        text[Text.CLUSTER.ordinal()],
        text[Text.NODE.ordinal()],
        text[Text.GPU_UUID.ordinal()],
        text[Text.GPU_INDEX.ordinal()],
        text[Text.PCI_BUS_ID.ordinal()],
        text[Text.DEVICE.ordinal()],
        text[Text.MODEL_NAME.ordinal()],
        text[Text.DRIVER_VERSION.ordinal()],
        text[Text.MIG_PROFILE.ordinal()],
        text[Text.MIG_INSTANCE_ID.ordinal()],
        owner,
        health,
        fields,
        otherFields,
        lastXid,
        text[Text.TARGET.ordinal()],
        scrapedAt);
  }

  /** The sample's string properties under their JSON names. */
  private enum Text {
    CLUSTER("cluster"),
    NODE("node"),
    GPU_UUID("gpu_uuid"),
    GPU_INDEX("gpu_index"),
    PCI_BUS_ID("pci_bus_id"),
    DEVICE("device"),
    MODEL_NAME("model_name"),
    DRIVER_VERSION("driver_version"),
    MIG_PROFILE("mig_profile"),
    MIG_INSTANCE_ID("mig_instance_id"),
    TARGET("target");

    private static final Map<String, Text> BY_NAME = new HashMap<>();

    static {
      for (Text text : values()) {
        BY_NAME.put(text.json, text);
      }
    }

    private final String json;

    Text(String json) {
      this.json = json;
    }

    static Text named(String name) {
      return BY_NAME.get(name);
    }
  }

  static String string(JsonParser p, JsonToken value) throws IOException {
    return switch (value) {
      case VALUE_STRING -> withoutSurrogates(p.getText());
      case VALUE_NULL -> null;
      default -> throw Defer.INSTANCE; // the binding coerces numbers and booleans to text
    };
  }

  private static Map<String, Double> numbers(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value != JsonToken.START_OBJECT) {
      throw Defer.INSTANCE;
    }
    Map<String, Double> numbers = new HashMap<>();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      String key = withoutSurrogates(p.currentName());
      JsonToken number = p.nextToken();
      if (number != JsonToken.VALUE_NUMBER_FLOAT && number != JsonToken.VALUE_NUMBER_INT) {
        throw Defer.INSTANCE; // a null, a string or a structure: the binding decides
      }
      numbers.put(key, p.getDoubleValue()); // a repeated key: the last wins, as in the binding
    }
    return numbers;
  }

  /**
   * The text itself when it holds no UTF-16 surrogate. A sample's text is ASCII in practice; any
   * surrogate, paired or not, sends the document to the serde's lone-surrogate check and the
   * binding, so a value read here never needs that whole-document scan.
   */
  static String withoutSurrogates(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isSurrogate(text.charAt(i))) {
        throw Defer.INSTANCE;
      }
    }
    return text;
  }

  private static Integer integer(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
      throw Defer.INSTANCE;
    }
    return p.getIntValue();
  }

  private static HealthStatus health(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value == JsonToken.VALUE_STRING) {
      switch (p.getText()) {
        case "UNSPECIFIED":
          return HealthStatus.UNSPECIFIED;
        case "PASS":
          return HealthStatus.PASS;
        case "WARN":
          return HealthStatus.WARN;
        case "FAIL":
          return HealthStatus.FAIL;
        default:
          break;
      }
    }
    throw Defer.INSTANCE; // an unknown name reads as UNSPECIFIED there, a number by index
  }

  private static Instant instant(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    Instant instant =
        value == JsonToken.VALUE_STRING ? IsoInstantDeserializer.parseUtc(p.getText()) : null;
    if (instant == null) {
      throw Defer.INSTANCE; // other forms are jsr310's to accept or reject
    }
    return instant;
  }
}
