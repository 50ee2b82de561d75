package io.strata.remediator.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.strata.events.json.StrataJson;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The optional JSON body of an approval: {@code {"patch_sha256": "<64 hex>"}}. Empty or blank
 * bodies are fine (older clients send none); anything else that is not such an object is a 400 with
 * a reason, never a 500.
 */
final class DecisionBody {

  private static final Pattern SHA256 = Pattern.compile("[0-9a-fA-F]{64}");

  /** A body that cannot be an approval's. */
  static final class Invalid extends Exception {
    private static final long serialVersionUID = 1L;
    private final String reason;

    Invalid(String reason, String message) {
      super(message);
      this.reason = reason;
    }

    String reason() {
      return reason;
    }
  }

  private DecisionBody() {}

  /** The hash from the query parameter, checked like the body's. */
  static Optional<String> queryHash(String query) throws Invalid {
    if (query == null) {
      return Optional.empty();
    }
    if (!SHA256.matcher(query.strip()).matches()) {
      throw new Invalid("INVALID_PATCH_HASH", "patch_sha256 must be 64 hexadecimal characters");
    }
    return Optional.of(query.strip());
  }

  static Optional<String> patchHash(byte[] body) throws Invalid {
    if (body == null || new String(body, StandardCharsets.UTF_8).isBlank()) {
      return Optional.empty();
    }
    JsonNode json;
    try {
      json = StrataJson.mapper().readTree(body);
    } catch (JsonProcessingException e) {
      throw new Invalid("MALFORMED_BODY", "the body is not JSON: " + e.getOriginalMessage());
    } catch (java.io.IOException e) {
      throw new Invalid("MALFORMED_BODY", "the body could not be read: " + e.getMessage());
    }
    if (json == null || json.isMissingNode() || json.isNull()) {
      return Optional.empty();
    }
    if (!json.isObject()) {
      throw new Invalid("MALFORMED_BODY", "the body must be a JSON object");
    }
    JsonNode hash = json.get("patch_sha256");
    if (hash == null || hash.isNull()) {
      return Optional.empty();
    }
    if (!hash.isTextual() || !SHA256.matcher(hash.asText().strip()).matches()) {
      throw new Invalid("INVALID_PATCH_HASH", "patch_sha256 must be 64 hexadecimal characters");
    }
    return Optional.of(hash.asText().strip());
  }
}
