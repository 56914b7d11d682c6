import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../../components/ui/spinner';
import { SUPPORT_TEAM, useConversation, useSendMessage } from './chat-api';
import { messageTime } from './chat-time';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

/** The widget window's conversation and text box. */
export default function CustomerConversation({ userId }: { userId: string }) {
  const intl = useIntl();
  // The conversation is read only while the window is open (this component lives inside it).
  const conversation = useConversation({}, true);
  const sendMessage = useSendMessage();
  return (
    <>
      {conversation.isLoading ? (
        <Spinner className="flex-1" label={intl.formatMessage({ id: 'chat.loadingMessages' })} />
      ) : (
        <MessageList
          messages={conversation.data ?? []}
          viewerId={userId}
          time={messageTime}
          label={intl.formatMessage({ id: 'chat.messages' })}
          className="flex-1"
          empty={<FormattedMessage id="chat.startConversation" />}
        />
      )}
      <MessageComposer
        placeholder={intl.formatMessage({ id: 'chat.messagePlaceholder' })}
        label={intl.formatMessage({ id: 'chat.message' })}
        send={(message) => sendMessage.mutateAsync({ receiverId: SUPPORT_TEAM, message })}
      />
    </>
  );
}
