import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { StreamPlayer } from './stream-player';

const renderPlayer = (link: string | undefined) =>
  render(<StreamPlayer productName="Curso" day="Jueves 29 de mayo" link={link} />);

describe('StreamPlayer', () => {
  it('embeds a YouTube watch link as an embed link, without chat', () => {
    renderPlayer('https://www.youtube.com/watch?v=M7lc1UVf-VE');
    expect(screen.getByTitle('Transmisión de Curso: Jueves 29 de mayo')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/M7lc1UVf-VE',
    );
    expect(screen.queryByTitle(/Chat en vivo/)).not.toBeInTheDocument();
  });

  it('embeds a Vimeo event with its live chat panel', () => {
    renderPlayer('https://vimeo.com/event/4938416');
    expect(screen.getByTitle('Transmisión de Curso: Jueves 29 de mayo')).toHaveAttribute(
      'src',
      'https://vimeo.com/event/4938416/embed',
    );
    expect(screen.getByTitle('Chat en vivo de Curso: Jueves 29 de mayo')).toHaveAttribute(
      'src',
      'https://vimeo.com/event/4938416/chat',
    );
  });

  it('embeds a Vimeo showcase without chat', () => {
    renderPlayer('https://vimeo.com/showcase/11263458');
    expect(screen.getByTitle(/Transmisión de Curso/)).toHaveAttribute(
      'src',
      'https://vimeo.com/showcase/11263458/embed',
    );
    expect(screen.queryByTitle(/Chat en vivo/)).not.toBeInTheDocument();
  });

  it.each([undefined, '', 'https://evil.example/video', 'javascript:alert(1)'])(
    'shows the no-stream message and no frame for %s',
    (link) => {
      const { container } = renderPlayer(link);
      expect(screen.getByText(MSG.noStreamForDay)).toBeInTheDocument();
      expect(container.querySelector('iframe')).toBeNull();
    },
  );
});
