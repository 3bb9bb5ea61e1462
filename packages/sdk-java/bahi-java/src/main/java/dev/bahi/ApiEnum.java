package dev.bahi;

/**
 * A string enumeration of the API: each constant stands for the JSON string {@link #getValue()}.
 */
public interface ApiEnum {
  /**
   * The JSON string of this constant, or {@code null} for {@code _UNKNOWN}, a value this version of
   * the SDK does not know (the object's {@code toJson()} still holds the value the API sent).
   *
   * @return the value as the API writes it
   */
  String getValue();
}
