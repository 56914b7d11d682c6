import type { MessageId } from './en';

// react-intl and @formatjs/intl then accept only the ids of the catalogue: a mistyped id fails the build.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
