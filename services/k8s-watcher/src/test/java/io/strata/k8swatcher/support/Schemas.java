package io.strata.k8swatcher.support;

import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.strata.events.EventType;
import io.strata.events.json.StrataJson;
import java.util.Set;

/** Validates records against the JSON Schemas the events module ships. */
public final class Schemas {

  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private static final SchemaValidatorsConfig CONFIG =
      SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();

  private Schemas() {}

  /** The violations of one record in Strata's JSON mapping; empty when it conforms. */
  public static Set<ValidationMessage> violations(EventType type, Object record) {
    JsonSchema schema =
        FACTORY.getSchema(SchemaLocation.of("classpath:" + type.schemaResource()), CONFIG);
    return schema.validate(StrataJson.mapper().valueToTree(record));
  }
}
