package io.strata.correlator.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.strata.events.json.StrataJson;
import jakarta.ws.rs.InternalServerErrorException;

/** REST bodies use Strata's one JSON mapping (snake_case, ISO instants), like the topics. */
final class StrataJsonBody {

  private StrataJsonBody() {}

  static String write(Object value) {
    try {
      return StrataJson.mapper().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new InternalServerErrorException(
          "cannot render " + value.getClass().getSimpleName(), e);
    }
  }
}
