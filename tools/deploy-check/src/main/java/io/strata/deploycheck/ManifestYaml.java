package io.strata.deploycheck;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.List;
import java.util.Map;

/**
 * How the generated files of deploy/ are written: one YAML document per resource, after a header.
 */
public final class ManifestYaml {

  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build();

  private ManifestYaml() {}

  /** The header, then each resource as a {@code ---} separated document. */
  public static String documents(String header, List<Map<String, Object>> resources) {
    StringBuilder out = new StringBuilder(header);
    for (Map<String, Object> resource : resources) {
      try {
        out.append("---\n").append(YAML.writeValueAsString(resource));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("cannot write a generated resource", e);
      }
    }
    return out.toString();
  }
}
