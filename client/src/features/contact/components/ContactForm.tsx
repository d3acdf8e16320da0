import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { LuSend } from 'react-icons/lu';
import { FormError } from '../../../shared/components/FormError';
import { CONTACT_CATEGORIES, type ContactCategory, type ContactField, type ContactMessage } from '../lib/contact-message';

interface Props {
  values: ContactMessage;
  submitting: boolean;
  /** Each refused field's message (the form's own check or the server's), shown under the field. */
  errors: Partial<Record<ContactField, string>>;
  /** A refusal that names no field. */
  formError: string | null;
  onChange: <K extends keyof ContactMessage>(field: K, value: ContactMessage[K]) => void;
  onSubmit: () => void;
}

/** Name, email, subject, category and message; each refusal is shown under its field. */
export function ContactForm({ values, submitting, errors, formError, onChange, onSubmit }: Props) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Stack asChild gap="5">
      <form onSubmit={handleSubmit} noValidate aria-label="Contact form">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Field.Root required invalid={Boolean(errors.name)}>
            <Field.Label>
              Name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="name"
              autoComplete="name"
              placeholder="Your name"
              value={values.name}
              onChange={(event) => onChange('name', event.target.value)}
            />
            {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
          </Field.Root>
          <Field.Root required invalid={Boolean(errors.email)}>
            <Field.Label>
              Email <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={values.email}
              onChange={(event) => onChange('email', event.target.value)}
            />
            {errors.email && <Field.ErrorText>{errors.email}</Field.ErrorText>}
          </Field.Root>
        </SimpleGrid>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Field.Root invalid={Boolean(errors.subject)}>
            <Field.Label>Subject</Field.Label>
            <Input
              name="subject"
              placeholder="What is it about?"
              value={values.subject}
              onChange={(event) => onChange('subject', event.target.value)}
            />
            {errors.subject && <Field.ErrorText>{errors.subject}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.category)}>
            <Field.Label>Category</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="category"
                value={values.category}
                onChange={(event) => onChange('category', event.target.value as ContactCategory)}
              >
                {CONTACT_CATEGORIES.map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.category && <Field.ErrorText>{errors.category}</Field.ErrorText>}
          </Field.Root>
        </SimpleGrid>

        <Field.Root required invalid={Boolean(errors.message)}>
          <Field.Label>
            Message <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            name="message"
            rows={6}
            placeholder="Tell us how we can help…"
            value={values.message}
            onChange={(event) => onChange('message', event.target.value)}
          />
          {errors.message && <Field.ErrorText>{errors.message}</Field.ErrorText>}
          </Field.Root>

        <FormError message={formError} />

        <Button
          type="submit"
          size="lg"
          loading={submitting}
          loadingText="Sending..."
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        >
          <LuSend aria-hidden />
          Send Message
        </Button>
      </form>
    </Stack>
  );
}
