package io.strata.remediator.it;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Starts the {@link SlackReceiver} and points the remediator's webhook URL at it. */
public class SlackReceiverResource implements QuarkusTestResourceLifecycleManager {

  private static volatile SlackReceiver receiver;

  public static SlackReceiver receiver() {
    return receiver;
  }

  @Override
  public Map<String, String> start() {
    receiver = new SlackReceiver();
    return Map.of("strata.remediator.slack.webhook-url", receiver.url("/webhook"));
  }

  @Override
  public void stop() {
    if (receiver != null) {
      receiver.close();
    }
  }
}
