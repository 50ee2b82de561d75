package io.strata.correlator.streams;

import java.time.Clock;
import java.util.Map;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.jboss.logging.Logger;

/**
 * The fallback for a failure the topology cannot park itself: every step that can throw on a record
 * runs guarded and parks it in the task's transaction (ADR 025), so this sees a punctuation that
 * throws, or a step outside the guard. The source bytes go to the dead-letter topic through a side
 * producer with the reason and origin, and processing continues; if the dead-letter write fails,
 * the app stops.
 */
public final class DeadLetterProcessingHandler implements ProcessingExceptionHandler {

  private static final Logger LOG = Logger.getLogger(DeadLetterProcessingHandler.class);

  private DeadLetterClient deadLetters;
  private final Clock clock = Clock.systemUTC();

  @Override
  public void configure(Map<String, ?> configs) {
    deadLetters = new DeadLetterClient(configs);
  }

  @Override
  public ProcessingHandlerResponse handle(
      ErrorHandlerContext context, Record<?, ?> record, Exception exception) {
    LOG.warnf(
        "dead-lettering record %s-%d@%d that failed in %s: %s",
        context.topic(),
        context.partition(),
        context.offset(),
        context.processorNodeId(),
        exception.getMessage());
    boolean parked =
        deadLetters.publish(
            CorrelatorDeadLetters.failedInProcessing(context, exception, clock.instant()));
    return parked ? ProcessingHandlerResponse.CONTINUE : ProcessingHandlerResponse.FAIL;
  }
}
