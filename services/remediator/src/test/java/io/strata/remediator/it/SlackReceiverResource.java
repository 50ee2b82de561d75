package io.strata.remediator.it;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts the {@link SlackReceiver} and points the remediator's Slack webhook URL and PagerDuty
 * events URL at it (it keeps any JSON posted, by path).
 */
public class SlackReceiverResource implements QuarkusTestResourceLifecycleManager {

  /** Where the PagerDuty events arrive. */
  public static final String PAGERDUTY_PATH = "/pagerduty/v2/enqueue";

  private static volatile SlackReceiver receiver;

  public static SlackReceiver receiver() {
    return receiver;
  }

  @Override
  public Map<String, String> start() {
    receiver = new SlackReceiver();
    return Map.of(
        "strata.remediator.slack.webhook-url",
        receiver.url("/webhook"),
        "strata.remediator.pagerduty.enabled",
        "true",
        "strata.remediator.pagerduty.events-url",
        receiver.url(PAGERDUTY_PATH));
  }

  @Override
  public void stop() {
    if (receiver != null) {
      receiver.close();
    }
  }
}
