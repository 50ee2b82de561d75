package io.strata.simulator.model;

import java.util.random.RandomGenerator;

/**
 * Stage times of one request. The healthy baseline is a few milliseconds of queueing and loading
 * and about a hundred milliseconds of execution; each fault stretches the stage an on-call engineer
 * would find longest, and the remediator's actions shrink it back.
 */
public final class LatencyModel {

  /**
   * The fixed part of execution: the prompt's forward pass (prefill), before the per-token part
   * (decode). The vLLM-shaped traces split execution here.
   */
  public static final double PREFILL_MS = 40;

  /** Execution time when the GPU has fallen off the bus: the client gives up. */
  static final double DEVICE_LOST_TIMEOUT_MS = 5000;

  /** Extra queue wait of a stalled vLLM scheduler: uniform in [low, high) ms. */
  static final double STALL_QUEUE_LOW_MS = 600;

  static final double STALL_QUEUE_HIGH_MS = 1000;

  /** Per-token time of a slow decode, against the healthy 0.5 ms. */
  static final double SLOW_DECODE_MS_PER_TOKEN = 3.0;

  /** Extra queue wait per unit of concurrency above the sustainable level during a backlog. */
  static final double BACKLOG_MS_PER_EXCESS = 300;

  private LatencyModel() {}

  /**
   * What the request meets.
   *
   * @param concurrency the workload's current containerConcurrency (0 = not limited)
   * @param initialConcurrency its healthy-state value
   * @param backlog a queue backlog is building for this workload
   * @param thermal the serving node is throttling
   * @param deviceLost the serving GPU fell off the bus
   * @param appFault the serving GPU's application hits XID 13
   * @param coldModel the revision's model is being loaded (after a rollout)
   * @param servingCapacity during a backlog, the share of the offered load the workload's routable
   *     pods can serve (1 = all of it); more running pods raise it
   * @param queueStall the server's own scheduler holds requests (vLLM queue backlog)
   * @param slowDecode every generated token takes {@link #SLOW_DECODE_MS_PER_TOKEN}
   */
  public record Conditions(
      int concurrency,
      int initialConcurrency,
      boolean backlog,
      boolean thermal,
      boolean deviceLost,
      boolean appFault,
      boolean coldModel,
      double servingCapacity,
      boolean queueStall,
      boolean slowDecode) {

    /** Conditions without the vLLM workload's faults. */
    public Conditions(
        int concurrency,
        int initialConcurrency,
        boolean backlog,
        boolean thermal,
        boolean deviceLost,
        boolean appFault,
        boolean coldModel,
        double servingCapacity) {
      this(
          concurrency,
          initialConcurrency,
          backlog,
          thermal,
          deviceLost,
          appFault,
          coldModel,
          servingCapacity,
          false,
          false);
    }

    /** Conditions of a backlog that half the wanted pods could serve. */
    public Conditions(
        int concurrency,
        int initialConcurrency,
        boolean backlog,
        boolean thermal,
        boolean deviceLost,
        boolean appFault,
        boolean coldModel) {
      this(
          concurrency,
          initialConcurrency,
          backlog,
          thermal,
          deviceLost,
          appFault,
          coldModel,
          backlog ? 0.5 : 1.0);
    }

    public static Conditions healthy(int concurrency) {
      return new Conditions(
          concurrency, concurrency, false, false, false, false, false, 1.0, false, false);
    }
  }

  /** The outcome of one request. */
  public record Outcome(StageTimes stages, int outputTokens, RequestFailure failure) {}

  public static Outcome sample(Conditions c, RandomGenerator random) {
    int tokens = 64 + random.nextInt(193);
    double queue = uniform(random, 4, 12);
    if (c.backlog()) {
      queue += backlogQueueMs(c.concurrency(), c.initialConcurrency(), c.servingCapacity());
    }
    if (c.queueStall()) {
      queue += uniform(random, STALL_QUEUE_LOW_MS, STALL_QUEUE_HIGH_MS);
    }
    double load = c.coldModel() ? uniform(random, 2500, 4500) : uniform(random, 1, 4);
    double prepare = uniform(random, 8, 16);
    double perToken = c.slowDecode() ? SLOW_DECODE_MS_PER_TOKEN : 0.5;
    double execute = PREFILL_MS + tokens * perToken + uniform(random, 0, 10);
    if (c.thermal()) {
      execute *= thermalFactor(c.concurrency(), c.initialConcurrency());
    }
    RequestFailure failure = RequestFailure.NONE;
    if (c.deviceLost()) {
      execute = DEVICE_LOST_TIMEOUT_MS;
      failure = RequestFailure.DEVICE_LOST;
      tokens = 0;
    } else if (c.appFault() && random.nextInt(4) == 0) {
      failure = RequestFailure.KERNEL_EXCEPTION;
      tokens = 0;
    }
    double encode = uniform(random, 1, 3);
    return new Outcome(new StageTimes(queue, load, prepare, execute, encode), tokens, failure);
  }

  /** {@link #backlogQueueMs(int, int, double)} when half the wanted pods serve. */
  public static double backlogQueueMs(int concurrency, int initialConcurrency) {
    return backlogQueueMs(concurrency, initialConcurrency, 0.5);
  }

  /**
   * Queue wait added during a backlog. The pods that serve carry {@code capacity} of the offered
   * load, so the concurrency each can sustain without queueing is the initial one times {@code
   * capacity}; every unit of concurrency above it adds {@link #BACKLOG_MS_PER_EXCESS}. Lowering
   * concurrency to the sustainable level removes it; more running pods raise the level.
   */
  public static double backlogQueueMs(int concurrency, int initialConcurrency, double capacity) {
    double sustainable = Math.max(1, initialConcurrency * Math.min(1, Math.max(0, capacity)));
    int effective = concurrency <= 0 ? initialConcurrency : concurrency;
    return Math.max(0, effective - sustainable) * BACKLOG_MS_PER_EXCESS;
  }

  /** A throttled GPU runs 2.5x slower at full concurrency, less when fewer requests share it. */
  public static double thermalFactor(int concurrency, int initialConcurrency) {
    if (initialConcurrency <= 0 || concurrency <= 0) {
      return 2.5;
    }
    return 1 + 1.5 * Math.min(1.0, (double) concurrency / initialConcurrency);
  }

  private static double uniform(RandomGenerator random, double low, double high) {
    return low + random.nextDouble() * (high - low);
  }
}
