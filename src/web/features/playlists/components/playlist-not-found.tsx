import { messages } from '@contract/messages';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'wouter';

/** The edit screen of a playlist that does not exist (or is not the user's). */
export function PlaylistNotFound() {
  return (
    <Card className="mx-auto mt-8 max-w-md">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <SearchX className="text-muted-foreground size-12" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{messages.playlists.notFound.title}</h1>
        <p className="text-muted-foreground">{messages.playlists.notFound.description}</p>
        <Button asChild className="mt-2">
          <Link href="/playlists">
            <ArrowLeft aria-hidden="true" />
            {t.playlists.wizard.backToList}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
