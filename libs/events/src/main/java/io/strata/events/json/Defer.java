package io.strata.events.json;

/**
 * Thrown by a {@link FastJsonReader} deep inside a document to hand it to data binding. One
 * instance without a stack trace: deferring is a decision, not an error, and costs nothing.
 */
final class Defer extends RuntimeException {

  private static final long serialVersionUID = 1L;

  static final Defer INSTANCE = new Defer();

  private Defer() {
    super("deferred to data binding", null, false, false);
  }
}
