import { Spinner } from '../../components/ui/spinner';
import { SUPPORT_TEAM, useConversation, useSendMessage } from './chat-api';
import { messageTime } from './chat-time';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

/** The widget window's conversation and text box. */
export default function CustomerConversation({ userId }: { userId: string }) {
  // The conversation is read only while the window is open (this component lives inside it).
  const conversation = useConversation({}, true);
  const sendMessage = useSendMessage();
  return (
    <>
      {conversation.isLoading ? (
        <Spinner className="flex-1" label="Loading messages" />
      ) : (
        <MessageList
          messages={conversation.data ?? []}
          viewerId={userId}
          time={messageTime}
          label="Messages"
          className="flex-1"
          empty="Start a conversation with our support team"
        />
      )}
      <MessageComposer
        placeholder="Type your message..."
        label="Message"
        send={(message) => sendMessage.mutateAsync({ receiverId: SUPPORT_TEAM, message })}
      />
    </>
  );
}
