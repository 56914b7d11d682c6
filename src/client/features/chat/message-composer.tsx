import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { chatLimits } from '../../../shared/chat-schema';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/trpc';

/**
 * The text box and send button: only trimmed text is sent, never while empty or while a send is running. The box
 * empties as the message leaves (the live stream may show it in the thread before the send's answer arrives) and
 * gets the text back if the send fails, unless something new was typed meanwhile.
 */
export function MessageComposer({
  send,
  placeholder,
  label,
  disabled,
}: {
  send: (text: string) => Promise<unknown>;
  placeholder: string;
  label: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const toast = useToast();
  const intl = useIntl();
  const trimmed = text.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || sending) return;
    setSending(true);
    setText('');
    try {
      await send(trimmed);
    } catch (error) {
      setText((typed) => typed || trimmed);
      toast({
        title: intl.formatMessage({ id: 'chat.sendFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex items-center gap-2 border-t border-stone-200 p-3">
      <Input
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={chatLimits.messageMax}
        disabled={disabled}
        autoComplete="off"
      />
      <Button
        type="submit"
        size="icon"
        className="shrink-0"
        disabled={disabled || !trimmed || sending}
        aria-label={intl.formatMessage({ id: 'chat.send' })}
      >
        <SendIcon />
      </Button>
    </form>
  );
}

function SendIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M22 2 11 13M22 2l-7 20-4-9-9-4z" />
    </svg>
  );
}
