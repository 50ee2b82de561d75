package io.strata.watcherbench;

import io.fabric8.kubernetes.api.model.FieldsV1;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * metadata.managedFields as server-side apply records them: one entry per field manager, its
 * fieldsV1 a tree with one {@code f:<field>} key per field the manager owns (empty objects at the
 * leaves). Real API servers return these on every object; they are what no watcher ever reads.
 */
final class ManagedFields {

  private ManagedFields() {}

  static ManagedFieldsEntry entry(String manager, String subresource, List<String> paths) {
    FieldsV1 fields = new FieldsV1();
    Map<String, Object> root = new LinkedHashMap<>();
    for (String path : paths) {
      Map<String, Object> at = root;
      for (String part : path.split("\\.")) {
        @SuppressWarnings("unchecked")
        Map<String, Object> next =
            (Map<String, Object>) at.computeIfAbsent("f:" + part, k -> new LinkedHashMap<>());
        at = next;
      }
    }
    root.forEach(fields::setAdditionalProperty);
    return new ManagedFieldsEntryBuilder()
        .withManager(manager)
        .withOperation("Update")
        .withApiVersion("v1")
        .withTime("2026-12-01T08:00:00Z")
        .withFieldsType("FieldsV1")
        .withFieldsV1(fields)
        .withSubresource(subresource)
        .build();
  }
}
