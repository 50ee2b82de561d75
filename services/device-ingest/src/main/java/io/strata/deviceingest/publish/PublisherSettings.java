package io.strata.deviceingest.publish;

import io.strata.deviceingest.config.DeviceIngestConfig;
import java.time.Duration;

/** The publisher's settings, detached from configuration so the publisher runs outside CDI. */
public record PublisherSettings(
    String bootstrapServers,
    int bufferCapacity,
    int maxUnacknowledged,
    Duration linger,
    Duration maxBlock,
    Duration deliveryTimeout) {

  public static PublisherSettings from(DeviceIngestConfig.Publish publish) {
    return new PublisherSettings(
        publish.bootstrapServers(),
        publish.bufferCapacity(),
        publish.maxUnacknowledged(),
        publish.linger(),
        publish.maxBlock(),
        publish.deliveryTimeout());
  }
}
