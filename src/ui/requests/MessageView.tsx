/**
 * A request's messages as plain text, with the lines of flagged items called out in words. A line past
 * SHOWN_CHARS (a long item's block) is cut, with a button per message to show it whole.
 */
import { useState } from 'react';
import type { Message } from '../../core/store/context';
import { SHOWN_CHARS, shownLine } from '../common/LongText';
import { digits } from '../../core/text/digits';

function MessageText({ message, flagged }: { message: Message; flagged?: ReadonlyMap<string, string> }) {
  const [all, setAll] = useState(false);
  const lines = message.content.split('\n');
  const cut = !all && lines.some((line) => line.length > SHOWN_CHARS);
  return (
    <>
      <pre className="message-content">
        {lines.map((line, i) => {
          const flag = flagged?.get(line);
          return (
            <span key={i} className={flag ? 'line flagged' : 'line'}>
              {flag && <span className="line-flag">⚠ {flag}: </span>}
              {shownLine(line, all)}
              {'\n'}
            </span>
          );
        })}
      </pre>
      {cut && (
        <button type="button" className="link" onClick={() => setAll(true)}>
          Show all {digits(message.content.length)} characters of the {message.role} message
        </button>
      )}
    </>
  );
}

export function MessageView({
  messages,
  flagged,
}: {
  messages: readonly Message[];
  flagged?: ReadonlyMap<string, string>;
}) {
  return (
    <div className="messages">
      {messages.map((message) => (
        <div key={message.role} className={`message message-${message.role}`}>
          <p className="message-role">{message.role} message</p>
          <MessageText message={message} flagged={flagged} />
        </div>
      ))}
    </div>
  );
}
