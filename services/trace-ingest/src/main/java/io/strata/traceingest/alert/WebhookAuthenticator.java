package io.strata.traceingest.alert;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks the Authorization header the two ways Alertmanager's http_config can send it: {@code
 * authorization} (default type Bearer: {@code Authorization: Bearer <credentials>}) and {@code
 * basic_auth} ({@code Authorization: Basic base64(username:password)}). Comparisons are of SHA-256
 * digests with {@link MessageDigest#isEqual}, so neither the length nor a prefix of a configured
 * secret shows in the time an answer takes. With no credential configured, every request is refused
 * unless unauthenticated access is explicitly allowed.
 */
public final class WebhookAuthenticator {

  private final byte[] bearer;
  private final byte[] basic;
  private final boolean allowUnauthenticated;

  /**
   * @param bearerToken the Bearer credential; null for none
   * @param basicUsername with {@code basicPassword}, the basic-auth pair; null for none
   * @param allowUnauthenticated accept every request when no credential is configured
   */
  public WebhookAuthenticator(
      String bearerToken,
      String basicUsername,
      String basicPassword,
      boolean allowUnauthenticated) {
    this.bearer = present(bearerToken) ? digest(bearerToken) : null;
    this.basic =
        present(basicUsername) && present(basicPassword)
            ? digest(basicUsername + ":" + basicPassword)
            : null;
    this.allowUnauthenticated = allowUnauthenticated;
  }

  /** True when a credential is configured (otherwise see allowUnauthenticated). */
  public boolean configured() {
    return bearer != null || basic != null;
  }

  /** Empty when the request may pass; else why not (a 401). */
  public Optional<WebhookRejection> check(String authorization) {
    if (!configured()) {
      return allowUnauthenticated
          ? Optional.empty()
          : Optional.of(WebhookRejection.AUTH_NOT_CONFIGURED);
    }
    if (authorization == null || authorization.isBlank()) {
      return Optional.of(WebhookRejection.MISSING_CREDENTIALS);
    }
    String header = authorization.trim();
    int space = header.indexOf(' ');
    String scheme = space < 0 ? header : header.substring(0, space);
    String credentials = space < 0 ? "" : header.substring(space + 1).trim();
    boolean valid =
        switch (scheme.toLowerCase(Locale.ROOT)) {
          case "bearer" -> matches(bearer, credentials);
          case "basic" -> matches(basic, decodeBasic(credentials));
          default -> false;
        };
    return valid ? Optional.empty() : Optional.of(WebhookRejection.WRONG_CREDENTIALS);
  }

  /** The WWW-Authenticate challenge of a 401 (RFC 9110 11.6.1), one per configured scheme. */
  public String challenge() {
    if (bearer != null && basic != null) {
      return "Bearer realm=\"strata\", Basic realm=\"strata\"";
    }
    return basic != null ? "Basic realm=\"strata\"" : "Bearer realm=\"strata\"";
  }

  private static boolean matches(byte[] expected, String given) {
    return expected != null && given != null && MessageDigest.isEqual(expected, digest(given));
  }

  private static String decodeBasic(String credentials) {
    try {
      return new String(Base64.getDecoder().decode(credentials), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static boolean present(String value) {
    return value != null && !value.isEmpty();
  }

  private static byte[] digest(String value) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
