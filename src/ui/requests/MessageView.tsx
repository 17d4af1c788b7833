/** A request's messages as plain text, with the lines of flagged items called out in words. */
import type { Message } from '../../core/store/context';

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
          <pre className="message-content">
            {message.content.split('\n').map((line, i) => {
              const flag = flagged?.get(line);
              return (
                <span key={i} className={flag ? 'line flagged' : 'line'}>
                  {flag && <span className="line-flag">⚠ {flag}: </span>}
                  {line}
                  {'\n'}
                </span>
              );
            })}
          </pre>
        </div>
      ))}
    </div>
  );
}
