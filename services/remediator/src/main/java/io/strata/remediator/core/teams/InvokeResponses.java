package io.strata.remediator.core.teams;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.patch.KubeJson;

/**
 * Bodies of the answers to an {@code adaptiveCard/action} invoke (the Universal Actions invoke
 * response, AdaptiveCardInvokeResponse: statusCode, type, value): the updated card, or an error
 * whose {@code value.code} is the reason.
 */
public final class InvokeResponses {

  public static final String ERROR_TYPE = "application/vnd.microsoft.error";

  private InvokeResponses() {}

  /** The card that replaces the clicked one. */
  public static ObjectNode card(AdaptiveCard card) {
    ObjectNode body = KubeJson.object();
    body.put("statusCode", 200);
    body.put("type", AdaptiveCard.CONTENT_TYPE);
    body.set("value", card.toJson());
    return body;
  }

  /** A refusal: Teams shows {@code message}; {@code code} is the machine-readable reason. */
  public static ObjectNode error(int statusCode, String code, String message) {
    ObjectNode body = KubeJson.object();
    body.put("statusCode", statusCode);
    body.put("type", ERROR_TYPE);
    body.putObject("value").put("code", code).put("message", message);
    return body;
  }
}
