package io.strata.remediator.core.patch;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 (hex) of a recorded patch text, as shown with a proposal (REST {@code patch_sha256},
 * the Slack button's value) and presented back with its approval. No patch hashes as the empty
 * text.
 */
public final class PatchHash {

  private PatchHash() {}

  public static String of(String patch) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest((patch == null ? "" : patch).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JRE", e);
    }
  }

  /** Whether {@code shown} is the hash of {@code patch}, ignoring case and surrounding blanks. */
  public static boolean matches(String patch, String shown) {
    return shown != null && of(patch).equalsIgnoreCase(shown.strip());
  }
}
