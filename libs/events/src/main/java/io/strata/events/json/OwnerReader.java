package io.strata.events.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.strata.events.device.DeviceOwner;
import java.io.IOException;

/**
 * A sample's {@link DeviceOwner} object for {@link DeviceSampleReader}: twelve optional strings.
 */
final class OwnerReader {

  private static final String[] NAMES = {
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

  private OwnerReader() {}

  static DeviceOwner read(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value != JsonToken.START_OBJECT) {
      throw Defer.INSTANCE;
    }
    String[] v = new String[NAMES.length];
    int seen = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      int index = indexOf(p.currentName());
      JsonToken token = p.nextToken();
      if (index < 0) {
        throw Defer.INSTANCE; // unknown: see DeviceSampleReader
      }
      if ((seen & (1 << index)) != 0) {
        throw Defer.INSTANCE;
      }
      seen |= 1 << index;
      v[index] = DeviceSampleReader.string(p, token);
    }
    return new DeviceOwner(
        v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]);
  }

  private static int indexOf(String name) {
    for (int i = 0; i < NAMES.length; i++) {
      if (NAMES[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }
}
