package io.strata.simulator.teams;

/** A click that could not be delivered to the bot at all. */
public final class ClickFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Why nothing reached the bot. */
  public enum Reason {
    UNSPECIFIED,
    /** No posted card has an Action.Execute with this action id and verb. */
    NO_SUCH_BUTTON,
    /** REPLAY asked for a button never clicked genuinely. */
    NOTHING_TO_REPLAY,
    /** The forgery was UNSPECIFIED. */
    NO_FORGERY,
    /** The bot's messaging endpoint did not answer. */
    BOT_UNREACHABLE
  }

  private final Reason reason;

  public ClickFailure(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
