import { useEffect, useRef } from 'react';

/**
 * The heading of a view of its own (the classroom, the final lab), under a way back to the lessons: on
 * arrival it names the page in the tab's title and takes the focus, so a screen reader starts there.
 */
export function PageTitle({ title }: { title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Scope isolation playground`;
    heading.current?.focus();
  }, [title]);
  return (
    <>
      <p>
        <a href="#">Back to the playground</a>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
    </>
  );
}
