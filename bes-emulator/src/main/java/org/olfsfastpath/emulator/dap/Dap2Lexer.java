package org.olfsfastpath.emulator.dap;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Splits a DAP2 constraint into ce_expr.lex's tokens: words (names and numbers, which may contain
 * dots and %-escapes), quoted strings, operators and single-character symbols.
 */
final class Dap2Lexer {
  enum Kind {
    WORD,
    STRING,
    SYMBOL,
    OPERATOR,
    END
  }

  record Token(Kind kind, String text) {
    boolean is(char symbol) {
      return kind == Kind.SYMBOL && text.length() == 1 && text.charAt(0) == symbol;
    }
  }

  private static final Token END = new Token(Kind.END, "");
  private static final String SYMBOLS = "[]:,&(){}*";

  private final String input;
  private int position;
  private @Nullable Token peeked;

  Dap2Lexer(String input) {
    this.input = input;
  }

  Token peek() throws ConstraintException {
    if (peeked == null) {
      peeked = scan();
    }
    return peeked;
  }

  Token next() throws ConstraintException {
    Token token = peek();
    peeked = null;
    return token;
  }

  private Token scan() throws ConstraintException {
    while (position < input.length() && " \t\r\n".indexOf(input.charAt(position)) >= 0) {
      position++;
    }
    if (position >= input.length()) {
      return END;
    }
    char c = input.charAt(position);
    if (c == '"') {
      return quoted();
    }
    if (c == '$') {
      // $Byte(...) and friends: array constants, only meaningful as function arguments.
      throw new ConstraintException(BesErrors.NO_SUCH_FUNCTION);
    }
    if (SYMBOLS.indexOf(c) >= 0) {
      position++;
      return new Token(Kind.SYMBOL, String.valueOf(c));
    }
    for (String operator : new String[] {"=~", "!=", ">=", "<=", "=", ">", "<"}) {
      if (input.startsWith(operator, position)) {
        position += operator.length();
        return new Token(Kind.OPERATOR, operator);
      }
    }
    if (isWordStart(c)) {
      int start = position++;
      while (position < input.length() && isWordPart(input.charAt(position))) {
        position++;
      }
      return new Token(Kind.WORD, input.substring(start, position));
    }
    // The scanner ignores characters it does not know, and the parser then fails.
    throw new ConstraintException(BesErrors.SYNTAX_ERROR);
  }

  private Token quoted() throws ConstraintException {
    StringBuilder text = new StringBuilder();
    position++;
    while (position < input.length()) {
      char c = input.charAt(position++);
      if (c == '\\' && position < input.length()) {
        text.append(input.charAt(position++));
      } else if (c == '"') {
        return new Token(Kind.STRING, text.toString());
      } else {
        text.append(c);
      }
    }
    throw new ConstraintException(BesErrors.SYNTAX_ERROR);
  }

  private static boolean isWordStart(char c) {
    return Character.isLetterOrDigit(c) && c < 128 || "-+_/%.\\".indexOf(c) >= 0;
  }

  private static boolean isWordPart(char c) {
    return isWordStart(c) || c == '#';
  }

  /** libdap's www2id: undoes %XX escapes. */
  static String www2id(String text) {
    if (text.indexOf('%') < 0) {
      return text;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%'
          && i + 2 < text.length()
          && isHex(text.charAt(i + 1))
          && isHex(text.charAt(i + 2))) {
        bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.write(c);
      }
    }
    return bytes.toString(StandardCharsets.ISO_8859_1);
  }

  private static boolean isHex(char c) {
    return Character.digit(c, 16) >= 0;
  }
}
