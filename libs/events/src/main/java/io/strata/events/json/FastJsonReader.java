package io.strata.events.json;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * A hand-written reader for one event type's common form, tried before Jackson's data binding. It
 * must never decide differently from the binding: it returns a value only when it is certain the
 * binding would bind the same document to an equal value, and defers (returns null or throws) on
 * anything else, so that what is accepted, what is rejected and every error message stay the
 * binding's. Tested against the binding as the oracle over fuzzed documents.
 *
 * <p>A value it returns stands for the whole document: the reader has read all of it and found no
 * UTF-16 surrogate in any string or name (the serde then skips its lone-surrogate scan); a reader
 * that would skip content, or meets a surrogate, defers.
 */
@FunctionalInterface
public interface FastJsonReader<T> {

  /**
   * Reads one whole document from a fresh parser (no token read yet).
   *
   * @return the value the document binds to, or null to let the binding decide
   * @throws IOException or a runtime exception: the binding decides as well
   */
  T readOrDefer(JsonParser parser) throws IOException;
}
